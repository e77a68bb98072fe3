import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { MessagesProvider } from '../../i18n';
import { PlanChip, RoleChip } from './account-chips';

const meta = {
  title: 'Components/AccountChips',
  component: RoleChip,
  tags: ['autodocs'],
  args: { value: 'admin' },
  argTypes: { value: { control: 'select', options: ['admin', 'staff', 'user', null, 'auditor'] } },
} satisfies Meta<typeof RoleChip>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

/** Every role and plan: admin in the primary colour, an empty role shown as ユーザー, unknown values as they are. */
export const Catalog: Story = {
  render: () => (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        <RoleChip value="admin" />
        <RoleChip value="staff" />
        <RoleChip value="user" />
        <RoleChip value={null} />
        <RoleChip value="auditor" />
      </div>
      <div className="flex flex-wrap gap-2">
        <PlanChip value="basic" />
        <PlanChip value="standard" />
        <PlanChip value="premium" />
        <PlanChip value="enterprise" />
      </div>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const admin = canvas.getByText('管理者').closest('[data-slot="role-chip"]');
    await expect(admin).toHaveAttribute('data-variant', 'primary');
    await expect(canvas.getAllByText('ユーザー')).toHaveLength(2);
    await expect(canvas.getByText('auditor')).toBeInTheDocument();
    await expect(canvas.getByText('スタンダード').closest('[data-slot="plan-chip"]')).toHaveTextContent(
      'プランスタンダード',
    );
  },
};

/** An app can rename the labels through the messages provider. */
export const CustomLabels: Story = {
  render: () => (
    <MessagesProvider
      messages={{
        topBar: { roleLabels: { admin: '院長' }, planLabels: { premium: 'プレミアム（年契約）' } },
      }}
    >
      <div className="flex gap-2">
        <RoleChip value="admin" />
        <PlanChip value="premium" />
      </div>
    </MessagesProvider>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('院長')).toBeInTheDocument();
    await expect(canvas.getByText('プレミアム（年契約）')).toBeInTheDocument();
  },
};
