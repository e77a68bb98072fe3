import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { RecoveryCodesDisplay } from './recovery-codes-display';

const codes = [
  'k7m2-q9xa',
  'p3rt-8wze',
  'b6yn-4hcu',
  'd9fj-2vsk',
  'm5ge-7tpq',
  'x8ca-3nrw',
  'h2uv-6dlb',
  'w4sz-9kme',
  'e7qp-5jya',
  'r3ln-8xgc',
];

const meta = {
  title: 'Components/TwoFactor/RecoveryCodesDisplay',
  component: RecoveryCodesDisplay,
  tags: ['autodocs'],
  args: { codes, account: 'admin@sakura-clinic.example', onSaved: fn() },
  decorators: [
    (Story) => (
      <div className="max-w-lg">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof RecoveryCodesDisplay>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Ten codes in a list; 「保存しました」 tells the screen it may forget them. */
export const Playground: Story = {
  play: async ({ canvas, args }) => {
    const list = canvas.getByRole('list', { name: 'リカバリーコードの一覧' });
    await expect(list.querySelectorAll('li')).toHaveLength(10);
    await expect(canvas.getByRole('button', { name: 'テキストファイルでダウンロード' })).toBeEnabled();
    await userEvent.click(canvas.getByRole('button', { name: '保存しました' }));
    await expect(args.onSaved).toHaveBeenCalledTimes(1);
  },
};

/** Copy all puts one code a line on the clipboard and says so. */
export const Copy: Story = {
  play: async ({ canvas }) => {
    const writeText = fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    await userEvent.click(canvas.getByRole('button', { name: 'すべてコピー' }));
    await expect(writeText).toHaveBeenCalledWith(codes.join('\n'));
    await expect(canvas.getByRole('button', { name: 'コピーしました' })).toBeVisible();
  },
};

/** Narrow screens: one column. */
export const Narrow: Story = {
  decorators: [
    (Story) => (
      <div className="w-[340px]">
        <Story />
      </div>
    ),
  ],
};
