import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { Pagination } from './pagination';

const meta = {
  title: 'Components/Pagination',
  component: Pagination,
  tags: ['autodocs'],
  args: { page: 1, pageSize: 20, total: 392, onPageChange: fn() },
  render: function PaginationStory(args) {
    const [page, setPage] = useState(args.page);
    return (
      <Pagination
        {...args}
        page={page}
        onPageChange={(next) => {
          args.onPageChange(next);
          setPage(next);
        }}
      />
    );
  },
} satisfies Meta<typeof Pagination>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ args, canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'ページ送り' });
    await expect(nav).toHaveTextContent('全 392 件中 1〜20 件');
    await expect(canvas.getByRole('button', { name: '前へ' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: '次へ' }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(2);
    await userEvent.click(canvas.getByRole('button', { name: '20 ページ' }));
    await expect(canvas.getByRole('button', { name: '20 ページ' })).toHaveAttribute('aria-current', 'page');
    await expect(nav).toHaveTextContent('全 392 件中 381〜392 件');
    await expect(canvas.getByRole('button', { name: '次へ' })).toBeDisabled();
  },
};

export const Catalog: Story = {
  render: () => (
    <div className="grid gap-6">
      <Pagination aria-label="1 ページだけ" page={1} pageSize={10} total={8} onPageChange={() => {}} />
      <Pagination aria-label="7 ページ" page={4} pageSize={10} total={70} onPageChange={() => {}} />
      <Pagination aria-label="63 ページの途中" page={10} pageSize={20} total={1248} onPageChange={() => {}} />
      <Pagination
        aria-label="読み込み中"
        page={3}
        pageSize={20}
        total={1248}
        onPageChange={() => {}}
        disabled
      />
    </div>
  ),
};

/** At 375px: previous, n / N, next. */
export const Mobile: Story = {
  args: { page: 5 },
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('5 / 20')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: '6 ページ' })).toBeNull();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
