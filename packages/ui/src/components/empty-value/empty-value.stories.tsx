import type { Meta, StoryObj } from '@storybook/react-vite';
import { MessagesProvider } from '../../i18n/messages-provider';
import { EmptyValue } from './empty-value';

const meta = {
  title: 'Components/EmptyValue',
  component: EmptyValue,
  tags: ['autodocs'],
} satisfies Meta<typeof EmptyValue>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The default: a dash, read as 未入力. */
export const Playground: Story = {};

/** A label that says why there is no value. */
export const CustomLabel: Story = {
  args: { label: '在庫管理なし' },
};

/** In a table's cells, beside values that are there. */
export const InTable: Story = {
  render: (args) => (
    <table className="text-sm">
      <caption className="sr-only">スタッフ一覧</caption>
      <thead>
        <tr>
          <th scope="col" className="px-3 py-2 text-left">
            氏名
          </th>
          <th scope="col" className="px-3 py-2 text-left">
            部署
          </th>
          <th scope="col" className="px-3 py-2 text-left">
            使用日時
          </th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <td className="px-3 py-2">山田 花子</td>
          <td className="px-3 py-2">
            <EmptyValue {...args} />
          </td>
          <td className="px-3 py-2">
            <EmptyValue {...args} label="未使用" />
          </td>
        </tr>
      </tbody>
    </table>
  ),
};

/** The default label overridden for the whole app through the messages provider. */
export const FromMessages: Story = {
  render: (args) => (
    <MessagesProvider messages={{ emptyValue: { label: '登録なし' } }}>
      <EmptyValue {...args} />
    </MessagesProvider>
  ),
};
