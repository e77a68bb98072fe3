import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Breadcrumbs } from './breadcrumbs';

const meta = {
  title: 'Components/Breadcrumbs',
  component: Breadcrumbs,
  tags: ['autodocs'],
  args: {
    items: [
      { key: 'root', label: 'すべての文書', href: '#root' },
      { key: 'a', label: '契約書', href: '#a' },
      { key: 'b', label: '2026年度', href: '#b' },
      { key: 'c', label: '業務委託' },
    ],
  },
} satisfies Meta<typeof Breadcrumbs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every level a link; the last one is the current page. */
export const Playground: Story = {
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'パンくずリスト' });
    await expect(nav).toBeInTheDocument();
    await expect(canvas.getAllByRole('link')).toHaveLength(3);
    await expect(canvas.getByText('業務委託')).toHaveAttribute('aria-current', 'page');
  },
};

/** At the top: a single item, the current page. */
export const Root: Story = {
  args: { items: [{ key: 'root', label: 'すべての文書' }] },
  play: async ({ canvas }) => {
    await expect(canvas.queryAllByRole('link')).toHaveLength(0);
    await expect(canvas.getByText('すべての文書')).toHaveAttribute('aria-current', 'page');
  },
};

/** Long names are cut with an ellipsis (the full name stays in the tree). */
export const LongNames: Story = {
  args: {
    items: [
      { key: 'root', label: 'すべての文書', href: '#root' },
      { key: 'a', label: '厚生労働省からの通知・事務連絡（令和8年度 診療報酬改定関係）', href: '#a' },
      { key: 'b', label: '疑義解釈資料の送付について（その1）' },
    ],
  },
  decorators: [(Story) => <div className="max-w-sm">{Story()}</div>],
};
