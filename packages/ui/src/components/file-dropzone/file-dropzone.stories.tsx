import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { FileDropzone, type FileUploadItem } from './file-dropzone';

const MB = 1024 * 1024;

const meta = {
  title: 'Components/FileDropzone',
  component: FileDropzone,
  tags: ['autodocs'],
  args: {
    label: '文書をアップロード',
    accept: ['application/pdf', '.docx', 'image/*'],
    acceptLabel: 'PDF・Word・画像',
    maxSize: 10 * MB,
    onFilesAccepted: fn(),
    onFilesRejected: fn(),
  },
  decorators: [(Story) => <div className="max-w-xl">{Story()}</div>],
} satisfies Meta<typeof FileDropzone>;

export default meta;
type Story = StoryObj<typeof meta>;

function fileOf(name: string, type: string, size: number): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** Dropping several files: good ones are accepted, too large and wrong types are refused in Japanese. */
export const Playground: Story = {
  play: async ({ args, canvasElement, canvas }) => {
    const area = canvasElement.querySelector<HTMLElement>('[data-slot="file-dropzone-area"]')!;
    const dataTransfer = new DataTransfer();
    dataTransfer.items.add(fileOf('問診票.pdf', 'application/pdf', 2 * MB));
    dataTransfer.items.add(fileOf('MRI画像.png', 'image/png', 25 * MB));
    dataTransfer.items.add(fileOf('setup.exe', 'application/x-msdownload', 1 * MB));
    area.dispatchEvent(new DragEvent('dragenter', { dataTransfer, bubbles: true, cancelable: true }));
    await waitFor(() => expect(area).toHaveAttribute('data-dragging', 'true'));
    area.dispatchEvent(new DragEvent('drop', { dataTransfer, bubbles: true, cancelable: true }));
    await waitFor(() => expect(area).not.toHaveAttribute('data-dragging'));
    await waitFor(() => expect(args.onFilesAccepted).toHaveBeenCalledTimes(1));
    const accepted = (args.onFilesAccepted as ReturnType<typeof fn>).mock.calls[0]![0] as File[];
    await expect(accepted.map((file) => file.name)).toEqual(['問診票.pdf']);
    const errors = canvas.getByRole('alert');
    await waitFor(() => expect(errors).not.toBeEmptyDOMElement());
    await expect(within(errors).getByText('MRI画像.png: ファイルサイズが大きすぎます')).toBeVisible();
    await expect(within(errors).getByText('setup.exe: サポートされていないファイル形式です')).toBeVisible();
    const rejections = (args.onFilesRejected as ReturnType<typeof fn>).mock.calls[0]![0] as {
      code: string;
    }[];
    await expect(rejections.map((rejection) => rejection.code)).toEqual([
      'FILE_TOO_LARGE',
      'INVALID_FILE_TYPE',
    ]);
  },
};

/** The button opens the file picker; choosing files goes through the same checks. */
export const ChooseFiles: Story = {
  play: async ({ args, canvasElement, canvas }) => {
    await expect(
      canvas.getByRole('button', { name: /^ファイルを選択\s*（文書をアップロード）$/ }),
    ).toHaveAccessibleDescription('対応形式: PDF・Word・画像・最大 10 MB');
    const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, [
      fileOf('議事録.docx', '', 300 * 1024),
      fileOf('領収書.jpg', 'image/jpeg', 800 * 1024),
    ]);
    const accepted = (args.onFilesAccepted as ReturnType<typeof fn>).mock.calls[0]![0] as File[];
    await expect(accepted.map((file) => file.name)).toEqual(['議事録.docx', '領収書.jpg']);
    await expect(canvas.getByRole('alert')).toBeEmptyDOMElement();
  },
};

/** Per-file progress as the app uploads; remove cancels one. */
export const Uploading: Story = {
  render: function UploadingStory(args) {
    const [items, setItems] = useState<FileUploadItem[]>([
      { id: '1', name: '問診票_2026-11.pdf', size: 2.4 * MB, status: 'done' },
      { id: '2', name: '紹介状_さくら総合病院.pdf', size: 1.1 * MB, status: 'uploading', progress: 40 },
      { id: '3', name: 'レントゲン_胸部.png', size: 6.2 * MB, status: 'uploading', progress: null },
      {
        id: '4',
        name: '同意書.pdf',
        size: 0.3 * MB,
        status: 'error',
        error: 'サーバーでエラーが発生しました',
      },
    ]);
    useEffect(() => {
      const timer = setInterval(() => {
        setItems((current) =>
          current.map((item) =>
            item.id === '2' && item.status === 'uploading'
              ? (item.progress ?? 0) >= 100
                ? { ...item, status: 'done' }
                : { ...item, progress: (item.progress ?? 0) + 30 }
              : item,
          ),
        );
      }, 200);
      return () => clearInterval(timer);
    }, []);
    return (
      <FileDropzone
        {...args}
        items={items}
        onRemove={(id) => setItems((current) => current.filter((item) => item.id !== id))}
      />
    );
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('progressbar', { name: 'レントゲン_胸部.png アップロード中' }),
    ).not.toHaveAttribute('aria-valuenow');
    await waitFor(() => expect(canvas.getAllByText('完了')).toHaveLength(2), { timeout: 3000 });
    await userEvent.click(canvas.getByRole('button', { name: '同意書.pdf を取り消す' }));
    await expect(canvas.queryByText('同意書.pdf')).toBeNull();
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /ファイルを選択/ })).toBeDisabled();
  },
};

/** A file cut off by a lost connection offers 再試行; a refused one (the server's reason) does not. */
export const RetryAfterNetworkError: Story = {
  render: function RetryStory(args) {
    const [items, setItems] = useState<FileUploadItem[]>([
      {
        id: '1',
        name: '就業規則.pdf',
        size: 1.8 * MB,
        status: 'error',
        error: 'ネットワークエラーが発生しました。接続を確認してください。',
        retryable: true,
      },
      {
        id: '2',
        name: '請求書.pdf',
        size: 0.2 * MB,
        status: 'error',
        error: 'この形式のファイルは登録できません。',
      },
    ]);
    return (
      <FileDropzone
        {...args}
        items={items}
        onRetry={(id) =>
          setItems((current) =>
            current.map((item) => (item.id === id ? { ...item, status: 'done', error: undefined } : item)),
          )
        }
      />
    );
  },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('button', { name: /再試行/ })).toHaveLength(1);
    await userEvent.click(canvas.getByRole('button', { name: /再試行\s*（就業規則\.pdf）/ }));
    await expect(canvas.getByText('完了')).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: /再試行/ })).toBeNull();
  },
};
