import type { Meta, StoryObj } from '@storybook/react-vite';
import { TsumikiBrand, TsumikiMark } from './tsumiki-brand';

const meta = {
  title: 'Components/TsumikiBrand',
  component: TsumikiBrand,
  tags: ['autodocs'],
} satisfies Meta<typeof TsumikiBrand>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const WithoutTagline: Story = { args: { tagline: null } };

export const CustomTagline: Story = { args: { tagline: 'クリニックの業務管理' } };

export const MarkSizes: Story = {
  render: () => (
    <div className="flex items-end gap-4">
      <TsumikiMark size="sm" />
      <TsumikiMark />
      <TsumikiMark size="lg" />
    </div>
  ),
};
