import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Avatar } from './avatar';

const meta = {
  title: 'Components/Avatar',
  component: Avatar,
  tags: ['autodocs'],
  args: { name: '佐藤 花子', label: '佐藤 花子' },
  argTypes: {
    size: { control: 'select', options: ['sm', 'md', 'lg'] },
    tone: { control: 'select', options: ['primary', 'neutral'] },
  },
} satisfies Meta<typeof Avatar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: '佐藤 花子' })).toHaveTextContent('佐');
  },
};

/** The initial of the name, else of the e-mail (capitalised), in three sizes. */
export const Catalog: Story = {
  render: () => (
    <div className="flex items-center gap-3">
      <Avatar name="佐藤 花子" size="sm" />
      <Avatar name="佐藤 花子" />
      <Avatar name="佐藤 花子" size="lg" />
      <Avatar email="staff@sakura-clinic.example" tone="neutral" />
      <Avatar name="𠮷田 太郎" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const initials = [...canvasElement.querySelectorAll('[data-slot="avatar"]')].map(
      (avatar) => avatar.textContent,
    );
    await expect(initials).toEqual(['佐', '佐', '佐', 'S', '𠮷']);
  },
};
