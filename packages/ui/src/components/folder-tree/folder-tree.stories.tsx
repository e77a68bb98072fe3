import type { Meta, StoryObj } from '@storybook/react-vite';
import { Files } from 'lucide-react';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { FolderTree, type FolderTreeNode } from './folder-tree';

const nodes: FolderTreeNode[] = [
  {
    id: 'root',
    name: 'すべての文書',
    href: '#root',
    hasChildren: false,
    icon: <Files aria-hidden="true" className="size-4" />,
  },
  {
    id: 'contracts',
    name: '契約書',
    href: '#contracts',
    count: 12,
    hasChildren: true,
    children: [
      { id: 'outsourcing', name: '業務委託', href: '#outsourcing', count: 4, hasChildren: false },
      { id: 'lease', name: 'リース契約', href: '#lease', count: 2, hasChildren: false },
    ],
  },
  { id: 'notices', name: '厚生労働省からの通知', href: '#notices', count: 31, hasChildren: true },
  { id: 'consent', name: '同意書のひな形', href: '#consent', count: 5, hasChildren: false },
];

const meta = {
  title: 'Components/FolderTree',
  component: FolderTree,
  tags: ['autodocs'],
  args: {
    label: 'フォルダー',
    nodes,
    currentId: 'outsourcing',
    expanded: new Set(['contracts']),
    onExpandedChange: fn(),
  },
  decorators: [(Story) => <div className="w-64">{Story()}</div>],
} satisfies Meta<typeof FolderTree>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opening and closing folders from the keyboard; the current folder is marked. */
export const Playground: Story = {
  render: function PlaygroundStory(args) {
    const [expanded, setExpanded] = useState<ReadonlySet<string>>(args.expanded);
    return (
      <FolderTree
        {...args}
        expanded={expanded}
        onExpandedChange={(id, open) => {
          args.onExpandedChange(id, open);
          setExpanded((current) => {
            const next = new Set(current);
            if (open) next.add(id);
            else next.delete(id);
            return next;
          });
        }}
      />
    );
  },
  play: async ({ args, canvas }) => {
    await expect(canvas.getByRole('link', { name: /業務委託/ })).toHaveAttribute('aria-current', 'page');
    const close = canvas.getByRole('button', { name: '契約書を閉じる' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    close.focus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.queryByRole('link', { name: /業務委託/ })).toBeNull();
    await expect(args.onExpandedChange).toHaveBeenCalledWith('contracts', false);
    await userEvent.click(canvas.getByRole('button', { name: '厚生労働省からの通知を開く' }));
    // Its children are not loaded yet.
    await expect(canvas.getByText('読み込み中…')).toBeInTheDocument();
  },
};

/** No folders yet: only the root entry. */
export const Empty: Story = {
  args: { nodes: nodes.slice(0, 1), currentId: 'root', expanded: new Set() },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('link')).toHaveLength(1);
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** Everything closed. */
export const Collapsed: Story = {
  args: { expanded: new Set(), currentId: 'root' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: '契約書を開く' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  },
};
