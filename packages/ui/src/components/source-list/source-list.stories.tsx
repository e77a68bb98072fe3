import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { SourceList } from './source-list';

const meta = {
  title: 'Components/SourceList',
  component: SourceList,
  tags: ['autodocs'],
  args: {
    onOpen: fn(),
    sources: [
      {
        key: 'a',
        title: '業務委託契約書（清掃）',
        page: 2,
        excerpt:
          '第5条（解約）甲又は乙は、30日前までに書面で相手方に通知することにより、本契約を解約することができる。',
        highlights: [{ start: 3, length: 2 }],
        detail: '業務委託契約書_清掃.pdf・近さ 0.82',
      },
      {
        key: 'b',
        title: '就業規則',
        page: null,
        excerpt: '従業員が退職しようとするときは、少なくとも14日前までに退職届を提出しなければならない。',
        detail: '就業規則.docx・近さ 0.41',
      },
    ],
  },
  decorators: [(Story) => <div className="max-w-2xl">{Story()}</div>],
} satisfies Meta<typeof SourceList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Numbered sources with their page; the button opens the passage. */
export const Playground: Story = {
  play: async ({ args, canvas }) => {
    await expect(canvas.getByRole('heading', { name: '根拠にした箇所' })).toBeInTheDocument();
    await expect(canvas.getByText('2 ページ')).toBeInTheDocument();
    await userEvent.click(
      canvas.getByRole('button', { name: '根拠 1（業務委託契約書（清掃））の箇所を開く' }),
    );
    await expect(args.onOpen).toHaveBeenCalledWith(expect.objectContaining({ key: 'a' }), 1);
  },
};

/** Sources that are records, not passages (an AI answer's customer, interaction): each button says what it opens. */
export const RecordSources: Story = {
  args: {
    sources: [
      {
        key: 'customer',
        title: '山田 花子',
        excerpt: '株式会社さくら商事・最終対応 2026年11月20日',
        detail: '顧客',
        openLabel: '顧客を開く',
      },
      {
        key: 'interaction',
        title: '2026年11月20日 電話',
        excerpt: '健康診断の日程を確認。12 月第 2 週で調整中。',
        detail: '対応履歴',
        openLabel: '対応履歴を開く',
      },
    ],
  },
  play: async ({ args, canvas }) => {
    await expect(canvas.queryByText('箇所を開く')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: '根拠 1（山田 花子）: 顧客を開く' }));
    await expect(args.onOpen).toHaveBeenCalledWith(expect.objectContaining({ key: 'customer' }), 1);
    await expect(
      canvas.getByRole('button', { name: '根拠 2（2026年11月20日 電話）: 対応履歴を開く' }),
    ).toBeVisible();
  },
};

/** A source whose document was deleted since: still listed, not openable. */
export const DeletedDocument: Story = {
  args: {
    sources: [
      {
        key: 'gone',
        title: '旧・個人情報保護方針',
        page: 1,
        excerpt: '当院は、個人情報を適切に取り扱います。',
        available: false,
      },
    ],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('（削除された資料）')).toBeInTheDocument();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** Read-only (no onOpen): no buttons. */
export const ReadOnly: Story = {
  args: { onOpen: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** Nothing to cite: renders nothing. */
export const Empty: Story = {
  args: { sources: [] },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="source-list"]')).toBeNull();
  },
};
