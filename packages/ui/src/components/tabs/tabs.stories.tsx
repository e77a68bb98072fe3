import type { Meta, StoryObj } from '@storybook/react-vite';
import { FileText, MessageSquareText, User } from 'lucide-react';
import { expect, fn, userEvent } from 'storybook/test';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

const meta = {
  title: 'Components/Tabs',
  component: Tabs,
  tags: ['autodocs'],
  args: { defaultValue: 'profile', onValueChange: fn() },
  render: (args) => (
    <Tabs {...args}>
      <TabsList aria-label="顧客の情報">
        <TabsTrigger value="profile">
          <User />
          基本情報
        </TabsTrigger>
        <TabsTrigger value="interactions">
          <MessageSquareText />
          対応履歴
        </TabsTrigger>
        <TabsTrigger value="documents">
          <FileText />
          文書
        </TabsTrigger>
        <TabsTrigger value="billing" disabled>
          請求（準備中）
        </TabsTrigger>
      </TabsList>
      <TabsContent value="profile">山田 太郎 様（ヤマダ タロウ）・03-1234-5678</TabsContent>
      <TabsContent value="interactions">2026/11/21 検査結果について電話で説明しました。</TabsContent>
      <TabsContent value="documents">問診票_2026-11.pdf</TabsContent>
    </Tabs>
  ),
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Click or arrow keys move between tabs (the disabled one is skipped). */
export const Playground: Story = {
  play: async ({ args, canvas }) => {
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('山田 太郎 様');
    await userEvent.click(canvas.getByRole('tab', { name: '対応履歴' }));
    await expect(canvas.getByRole('tabpanel', { name: '対応履歴' })).toHaveTextContent('電話で説明しました');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('interactions');
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: '文書' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: '基本情報' })).toHaveFocus();
  },
};

/** At 375px the tab row scrolls sideways instead of wrapping or overflowing the page. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async () => {
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
