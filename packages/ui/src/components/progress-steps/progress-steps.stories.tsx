import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ProgressSteps } from './progress-steps';

const meta = {
  title: 'Components/ProgressSteps',
  component: ProgressSteps,
  tags: ['autodocs'],
  args: {
    steps: [
      { step: 'retrieve', label: '対応履歴を集めています', status: 'done' },
      { step: 'tool:count_interactions', label: '対応件数を数えています', status: 'running' },
    ],
  },
} satisfies Meta<typeof ProgressSteps>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Running: Story = {
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list', { name: '処理の状況' });
    await expect(list.querySelectorAll('li')).toHaveLength(2);
    await expect(canvas.getByRole('status')).toHaveTextContent('対応件数を数えています（実行中）');
    await expect(list.querySelector('[data-icon="running"]')).not.toBeNull();
  },
};

export const AllDone: Story = {
  args: {
    steps: [
      { step: 'retrieve', label: '対応履歴を集めています', status: 'done' },
      { step: 'tool:count_interactions', label: '対応件数を数えています', status: 'done' },
      { step: 'synthesize', label: '回答をまとめています', status: 'done' },
    ],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('list').querySelectorAll('[data-icon="done"]')).toHaveLength(3);
    await expect(canvas.getByRole('status')).toHaveTextContent('回答をまとめています（完了）');
  },
};

export const WithSkipped: Story = {
  args: {
    label: '調査の段階',
    steps: [
      { step: 'plan', label: '調べることを決めています', status: 'done' },
      { step: 'web', label: 'ウェブを検索しています', status: 'skipped' },
      { step: 'synthesize', label: 'レポートをまとめています', status: 'running' },
    ],
  },
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list', { name: '調査の段階' });
    await expect(list.querySelector('[data-status="skipped"]')).toHaveTextContent(
      'ウェブを検索しています（省略）',
    );
  },
};

export const Empty: Story = {
  args: { steps: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('list').querySelectorAll('li')).toHaveLength(0);
    await expect(canvas.getByRole('status')).toBeEmptyDOMElement();
  },
};

export const LongLabelsNarrow: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: {
    steps: [
      {
        step: 'tool:search_documents',
        label: '文書を「インフルエンザ予防接種の案内と問診票の保管期間」で検索しています',
        status: 'running',
      },
    ],
  },
};
