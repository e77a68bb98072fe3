import type { Meta, StoryObj } from '@storybook/react-vite';
import { Pencil, Trash2, UserPlus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { formatDate } from '../../lib/date';
import { Button } from '../button/button';
import { Chip } from '../chip/chip';
import { EmptyState } from '../empty-state/empty-state';
import { DataTable, type DataTableColumn, type DataTableSort } from './data-table';

type Customer = {
  id: string;
  name: string;
  furigana: string;
  company: string | null;
  phone: string;
  status: 'active' | 'inactive';
  last_visit: string;
};

const families = [
  '山田',
  '鈴木',
  '高橋',
  '田中',
  '伊藤',
  '渡辺',
  '中村',
  '小林',
  '加藤',
  '吉田',
  '山本',
  '佐々木',
];
const kana = [
  'ヤマダ',
  'スズキ',
  'タカハシ',
  'タナカ',
  'イトウ',
  'ワタナベ',
  'ナカムラ',
  'コバヤシ',
  'カトウ',
  'ヨシダ',
  'ヤマモト',
  'ササキ',
];
const givens = ['太郎', '花子', '一郎', '美咲', '健', '陽子', '翔', 'さくら'];
const givenKana = ['タロウ', 'ハナコ', 'イチロウ', 'ミサキ', 'ケン', 'ヨウコ', 'ショウ', 'サクラ'];

const allCustomers: Customer[] = Array.from({ length: 57 }, (_, index) => ({
  id: `c-${index + 1}`,
  name: `${families[index % 12]} ${givens[index % 8]}`,
  furigana: `${kana[index % 12]} ${givenKana[index % 8]}`,
  company: index % 3 === 0 ? '株式会社さくら検査センター' : null,
  phone: `03-${String(1000 + index * 37).slice(0, 4)}-${String(5000 + index * 91).slice(0, 4)}`,
  status: index % 7 === 0 ? 'inactive' : 'active',
  last_visit: new Date(Date.UTC(2026, 10, 21 - index)).toISOString(),
}));

const columns: DataTableColumn<Customer>[] = [
  {
    id: 'name',
    header: '氏名',
    sortable: true,
    nowrap: true,
    cell: (customer) => (
      <div className="grid">
        <span className="font-medium">{customer.name}</span>
        <span className="text-xs text-muted-foreground">{customer.furigana}</span>
      </div>
    ),
  },
  { id: 'company', header: '会社名', hideBelow: 'lg', cell: (customer) => customer.company ?? '—' },
  { id: 'phone', header: '電話番号', nowrap: true, hideBelow: 'sm', cell: (customer) => customer.phone },
  {
    id: 'status',
    header: 'ステータス',
    cell: (customer) =>
      customer.status === 'active' ? <Chip variant="success">有効</Chip> : <Chip>休止</Chip>,
  },
  {
    id: 'last_visit',
    header: '最終来院日',
    sortable: true,
    align: 'end',
    nowrap: true,
    cell: (customer) => (
      <time dateTime={customer.last_visit}>
        {formatDate(customer.last_visit, { timeZone: 'Asia/Tokyo' })}
      </time>
    ),
  },
];

const PAGE_SIZE = 10;

type Args = {
  loading?: boolean;
  error?: string;
  empty?: boolean;
  onSortChange: (sort: DataTableSort | null) => void;
  onPageChange: (page: number) => void;
  onEdit: (customer: Customer) => void;
  onDelete: (customer: Customer) => void;
  onRetry: () => void;
};

/** A screen-like wrapper: the "server" sorts and pages, as the API does. */
function CustomersTable({
  loading,
  error,
  empty,
  onSortChange,
  onPageChange,
  onEdit,
  onDelete,
  onRetry,
}: Args) {
  const [sort, setSort] = useState<DataTableSort | null>({ by: 'last_visit', order: 'desc' });
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string[]>([]);
  const source = empty ? [] : allCustomers;
  const rows = useMemo(() => {
    const sorted = [...source];
    if (sort) {
      sorted.sort((a, b) => {
        const left = sort.by === 'name' ? a.furigana : a.last_visit;
        const right = sort.by === 'name' ? b.furigana : b.last_visit;
        return (left < right ? -1 : left > right ? 1 : 0) * (sort.order === 'asc' ? 1 : -1);
      });
    }
    return sorted.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  }, [source, sort, page]);
  return (
    <DataTable
      caption="顧客一覧"
      columns={columns}
      rows={loading ? [] : rows}
      getRowId={(customer) => customer.id}
      getRowLabel={(customer) => customer.name}
      sort={sort}
      onSortChange={(next) => {
        onSortChange(next);
        setSort(next);
        setPage(1);
      }}
      selectedRowIds={selected}
      onSelectedRowIdsChange={setSelected}
      rowActions={() => [
        { label: '編集', icon: <Pencil />, onSelect: onEdit },
        { label: '削除', icon: <Trash2 />, destructive: true, onSelect: onDelete },
      ]}
      loading={loading}
      error={error}
      onRetry={onRetry}
      pagination={{
        page,
        pageSize: PAGE_SIZE,
        total: source.length,
        onPageChange: (next) => {
          onPageChange(next);
          setPage(next);
        },
      }}
      scrollAreaClassName="max-h-[32rem]"
    />
  );
}

const meta = {
  title: 'Components/DataTable',
  component: CustomersTable,
  tags: ['autodocs'],
  args: {
    onSortChange: fn(),
    onPageChange: fn(),
    onEdit: fn(),
    onDelete: fn(),
    onRetry: fn(),
  },
} satisfies Meta<typeof CustomersTable>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Sorting and paging are asked of the server; selection, row actions and the sticky header work on the page. */
export const Playground: Story = {
  play: async ({ args, canvas, step }) => {
    const table = canvas.getByRole('table', { name: '顧客一覧' });
    await step('server-side sort', async () => {
      const lastVisit = within(table).getByRole('columnheader', { name: /最終来院日/ });
      await expect(lastVisit).toHaveAttribute('aria-sort', 'descending');
      await userEvent.click(within(table).getByRole('button', { name: /氏名/ }));
      await expect(args.onSortChange).toHaveBeenLastCalledWith({ by: 'name', order: 'asc' });
      await expect(within(table).getByRole('columnheader', { name: /氏名/ })).toHaveAttribute(
        'aria-sort',
        'ascending',
      );
      await userEvent.click(within(table).getByRole('button', { name: /氏名/ }));
      await expect(args.onSortChange).toHaveBeenLastCalledWith({ by: 'name', order: 'desc' });
      await userEvent.click(within(table).getByRole('button', { name: /氏名/ }));
      await expect(args.onSortChange).toHaveBeenLastCalledWith(null);
    });
    await step('paging', async () => {
      await userEvent.click(canvas.getByRole('button', { name: '次へ' }));
      await expect(args.onPageChange).toHaveBeenLastCalledWith(2);
      await expect(canvas.getByRole('navigation', { name: 'ページ送り' })).toHaveTextContent(
        '全 57 件中 11〜20 件',
      );
    });
    await step('selection', async () => {
      const rows = within(table).getAllByRole('checkbox');
      await userEvent.click(rows[1]!);
      await expect(canvas.getByText('1 件を選択中')).toBeVisible();
      await userEvent.click(within(table).getByRole('checkbox', { name: 'すべて選択' }));
      await expect(canvas.getByText('10 件を選択中')).toBeVisible();
      await userEvent.click(within(table).getByRole('checkbox', { name: 'すべて選択' }));
      await expect(canvas.queryByText(/件を選択中/)).toBeNull();
    });
    await step('row actions', async () => {
      const first = within(table).getAllByRole('row')[1]!;
      const name = first.querySelector('[data-column="name"] .font-medium')!.textContent!;
      await userEvent.click(within(first).getByRole('button', { name: `${name} の操作` }));
      await userEvent.click(await screen.findByRole('menuitem', { name: '削除' }));
      await expect(args.onDelete).toHaveBeenCalledTimes(1);
      await expect((args.onDelete as ReturnType<typeof fn>).mock.calls[0]![0]).toMatchObject({ name });
    });
    await step('header stays on one line and sticks', async () => {
      const header = within(table).getAllByRole('columnheader')[1]!;
      await expect(getComputedStyle(header).whiteSpace).toBe('nowrap');
      await expect(getComputedStyle(header).position).toBe('sticky');
    });
  },
};

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('table', { name: '顧客一覧' })).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('status')).toHaveTextContent('読み込み中');
  },
};

export const Empty: Story = {
  args: { empty: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'データがありません' })).toBeVisible();
    await expect(canvas.getByRole('checkbox', { name: 'すべて選択' })).toBeDisabled();
  },
};

export const ErrorState: Story = {
  name: 'Error',
  args: { error: 'サーバーに接続できませんでした（NET_001）' },
  play: async ({ args, canvas }) => {
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent('データを読み込めませんでした');
    await userEvent.click(within(alert).getByRole('button', { name: '再試行' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** A custom empty state with an action. */
export const CustomEmpty: Story = {
  render: () => (
    <DataTable
      caption="顧客一覧"
      columns={columns}
      rows={[]}
      getRowId={(customer) => customer.id}
      empty={
        <EmptyState
          title="まだ顧客が登録されていません"
          action={
            <Button>
              <UserPlus />
              顧客を登録
            </Button>
          }
        />
      }
    />
  ),
};

/** At 375px less important columns hide and the rest scroll sideways inside the table. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: '顧客一覧' });
    const header = (text: string) => [...table.querySelectorAll('th')].find((th) => th.textContent === text);
    await expect(header('電話番号')).not.toBeVisible();
    await expect(header('会社名')).not.toBeVisible();
    await expect(header('ステータス')).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    await waitFor(() => expect(canvas.getByText('1 / 6')).toBeVisible());
  },
};
