import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { BarChart } from './bar-chart';

const meta = {
  title: 'Components/BarChart',
  component: BarChart,
  tags: ['autodocs'],
  args: {
    title: '最終対応からの日数別の顧客数',
    data: [
      { label: '30 日以内', value: 42, hint: '35%' },
      { label: '31〜90 日', value: 31, hint: '26%' },
      { label: '91〜180 日', value: 18, hint: '15%' },
      { label: '対応なし', value: 29, hint: '24%' },
    ],
    valueFormatter: (value: number) => `${value.toLocaleString('ja-JP')} 人`,
  },
} satisfies Meta<typeof BarChart>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Horizontal: Story = {
  play: async ({ canvas }) => {
    const figure = canvas.getByRole('figure', { name: '最終対応からの日数別の顧客数' });
    const table = within(figure).getByRole('table', { name: '最終対応からの日数別の顧客数' });
    await expect(within(table).getAllByRole('row')).toHaveLength(5);
    await expect(within(table).getByRole('rowheader', { name: '30 日以内' })).toBeInTheDocument();
    await expect(table).toHaveTextContent('42 人（35%）');
    const bars = figure.querySelectorAll<HTMLElement>('[data-slot="bar-chart-bar"]');
    await expect(bars).toHaveLength(4);
    await expect(bars[0]?.style.width).toBe('100%');
  },
};

export const Vertical: Story = {
  args: {
    title: '月別の対応件数',
    orientation: 'vertical',
    valueFormatter: undefined,
    data: [
      { label: '2026-06', value: 12 },
      { label: '2026-07', value: 30 },
      { label: '2026-08', value: 0 },
      { label: '2026-09', value: 15 },
      { label: '2026-10', value: 9 },
      { label: '2026-11', value: 21 },
    ],
  },
  play: async ({ canvas }) => {
    const bars = canvas
      .getByRole('figure', { name: '月別の対応件数' })
      .querySelectorAll<HTMLElement>('[data-slot="bar-chart-bar"]');
    await expect(bars[1]?.style.height).toBe('100%');
    await expect(bars[2]?.style.height).toBe('0%');
    await expect(canvas.getByRole('table')).toHaveTextContent('2026-0730');
  },
};

export const Empty: Story = {
  args: { data: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('表示するデータがありません。')).toBeInTheDocument();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

export const CustomEmptyText: Story = {
  args: { data: [], emptyText: 'この期間の対応はありません。' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('この期間の対応はありません。')).toBeInTheDocument();
  },
};

export const AllZero: Story = {
  args: {
    data: [
      { label: '東京都', value: 0 },
      { label: '大阪府', value: 0 },
    ],
  },
  play: async ({ canvas }) => {
    const bars = canvas.getByRole('figure').querySelectorAll<HTMLElement>('[data-slot="bar-chart-bar"]');
    await expect([...bars].map((bar) => bar.style.width)).toEqual(['0%', '0%']);
  },
};

export const LongLabelsNarrow: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: {
    title: 'タグ別の顧客数',
    data: [
      { label: 'インフルエンザ予防接種希望（高齢者・基礎疾患あり）', value: 120, hint: '48%' },
      { label: '健康診断（企業契約）', value: 80, hint: '32%' },
      { label: 'その他', value: 50, hint: '20%' },
    ],
  },
};
