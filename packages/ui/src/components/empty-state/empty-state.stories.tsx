import type { Meta, StoryObj } from '@storybook/react-vite';
import { SearchX, UserPlus } from 'lucide-react';
import { expect, fn, userEvent } from 'storybook/test';
import { Button } from '../button/button';
import { EmptyState } from './empty-state';

const meta = {
  title: 'Components/EmptyState',
  component: EmptyState,
  tags: ['autodocs'],
  args: {
    title: 'まだ顧客が登録されていません',
    description: '最初の顧客を登録すると、対応履歴や AI 分析が使えるようになります。',
  },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  args: { action: undefined },
  render: (args) => {
    const onCreate = fn();
    return (
      <EmptyState
        {...args}
        action={
          <Button onClick={onCreate}>
            <UserPlus />
            顧客を登録
          </Button>
        }
      />
    );
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'まだ顧客が登録されていません' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: '顧客を登録' }));
  },
};

export const Catalog: Story = {
  render: () => (
    <div className="grid gap-4 md:grid-cols-2">
      <div className="rounded-lg border bg-surface">
        <EmptyState title="データがありません" />
      </div>
      <div className="rounded-lg border bg-surface">
        <EmptyState
          icon={
            <span className="mb-1 grid size-12 place-items-center rounded-full bg-muted text-muted-foreground">
              <SearchX aria-hidden="true" className="size-6" />
            </span>
          }
          title="「ﾔﾏﾀﾞ」に一致する顧客はいません"
          description="ひらがな・カタカナ、全角・半角の違いは区別しません。別の言葉で検索してください。"
          action={<Button variant="outline">検索条件をクリア</Button>}
        />
      </div>
    </div>
  ),
};

/** The title's level: h2 right under a page's h1 (the default), h3 inside a section with an h2. */
export const HeadingLevels: Story = {
  render: () => (
    <div className="grid gap-4">
      <h1 className="text-xl font-bold">顧客管理</h1>
      <EmptyState title="まだ顧客が登録されていません" />
      <section className="rounded-lg border bg-surface p-4">
        <h2 className="font-semibold">対応履歴</h2>
        <EmptyState headingLevel={3} title="対応履歴はまだありません" />
      </section>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 2, name: 'まだ顧客が登録されていません' }),
    ).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 3, name: '対応履歴はまだありません' })).toBeVisible();
  },
};
