import type { Meta, StoryObj } from '@storybook/react-vite';
import { Download, UserPlus } from 'lucide-react';
import { expect } from 'storybook/test';
import { Button } from '../button/button';
import { Link } from '../link/link';
import { PageHeader } from './page-header';

const meta = {
  title: 'Components/PageHeader',
  component: PageHeader,
  tags: ['autodocs'],
  args: {
    title: '顧客管理',
    description: '登録済みの顧客を検索・編集できます。',
  },
} satisfies Meta<typeof PageHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  args: {
    actions: (
      <>
        <Button variant="outline">
          <Download />
          CSV 出力
        </Button>
        <Button>
          <UserPlus />
          顧客を登録
        </Button>
      </>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: '顧客管理' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: '顧客を登録' })).toBeVisible();
  },
};

export const WithEyebrow: Story = {
  args: {
    title: '山田 太郎 様',
    description: 'ヤマダ タロウ・最終来院 2026/11/21',
    eyebrow: <Link href="#customers">← 顧客一覧に戻る</Link>,
    actions: <Button variant="outline">編集</Button>,
  },
};

/** At 375px the actions go under the title. */
export const Mobile: Story = {
  ...Playground,
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement }) => {
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    const title = canvasElement.querySelector('[data-slot="page-header-title"]')!;
    const actions = canvasElement.querySelector('[data-slot="page-header-actions"]')!;
    await expect(actions.getBoundingClientRect().top).toBeGreaterThan(title.getBoundingClientRect().bottom);
  },
};
