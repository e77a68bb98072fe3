import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { AiModeNotice } from './ai-mode-notice';

const meta = {
  title: 'Components/AiModeNotice',
  component: AiModeNotice,
  tags: ['autodocs'],
  argTypes: { mode: { control: 'inline-radio', options: ['offline', 'openai'] } },
  args: { mode: 'offline' },
} satisfies Meta<typeof AiModeNotice>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Offline: Story = {
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText('AI を使わず、登録データの集計・検索だけで作成しました。'),
    ).toBeInTheDocument();
  },
};

export const OpenAi: Story = {
  args: { mode: 'openai' },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText('AI が作成しました。内容を確認してからお使いください。'),
    ).toBeInTheDocument();
  },
};

export const Narrow: Story = {
  args: { mode: 'offline' },
  globals: { viewport: { value: 'mobile', isRotated: false } },
  render: (args) => (
    <div className="w-[343px]">
      <AiModeNotice {...args} />
    </div>
  ),
};
