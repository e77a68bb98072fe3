import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Link } from './link';

const meta = {
  title: 'Components/Link',
  component: Link,
  tags: ['autodocs'],
  args: { href: '#customers', children: '顧客一覧を見る' },
  argTypes: { variant: { control: 'select', options: ['default', 'subtle', 'muted'] } },
} satisfies Meta<typeof Link>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: '顧客一覧を見る' })).toHaveAttribute('href', '#customers');
  },
};

export const Catalog: Story = {
  render: () => (
    <p className="max-w-prose leading-prose">
      詳しくは<Link href="#help">ヘルプセンター</Link>をご覧ください。
      <Link href="#settings" variant="subtle">
        設定
      </Link>
      や
      <Link href="#terms" variant="muted">
        利用規約
      </Link>
      、外部の
      <Link href="https://www.mhlw.go.jp/" external>
        厚生労働省のサイト
      </Link>
      も参考になります。
    </p>
  ),
  play: async ({ canvas }) => {
    const external = canvas.getByRole('link', { name: /^厚生労働省のサイト\s*（新しいタブで開きます）$/ });
    await expect(external).toHaveAttribute('target', '_blank');
    await expect(external).toHaveAttribute('rel', 'noopener noreferrer');
  },
};
