import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Chip } from '../chip/chip';
import { SourceList } from '../source-list/source-list';
import { ChatMessage } from './chat-message';

const notice = '> ※ この回答は登録された資料にもとづく参考情報であり、法的助言ではありません。';

const meta = {
  title: 'Components/ChatMessage',
  component: ChatMessage,
  tags: ['autodocs'],
  args: {
    question: '清掃業者との契約を解約するには、いつまでに通知が必要ですか？',
    answer: `登録された資料から、関係する箇所を引用します。\n\n1. **業務委託契約書（清掃）** 2 ページ [1]\n   「甲又は乙は、30日前までに書面で相手方に通知することにより、本契約を解約することができる。」\n\n${notice}`,
    meta: '2026/11/23 10:15',
    badge: <Chip variant="info">AI を使わない検索結果</Chip>,
  },
  decorators: [(Story) => <div className="max-w-2xl">{Story()}</div>],
} satisfies Meta<typeof ChatMessage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An offline answer: quoted passages, the label, and the notice. */
export const Playground: Story = {
  render: (args) => (
    <ChatMessage {...args}>
      <SourceList
        sources={[
          {
            key: '1',
            title: '業務委託契約書（清掃）',
            page: 2,
            excerpt:
              '第5条（解約）甲又は乙は、30日前までに書面で相手方に通知することにより、本契約を解約することができる。',
          },
        ]}
      />
    </ChatMessage>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('業務委託契約書（清掃）', { selector: 'strong' })).toBeInTheDocument();
    await expect(canvas.getByText('AI を使わない検索結果')).toBeInTheDocument();
    await expect(canvas.getByText(/法的助言ではありません/)).toBeInTheDocument();
  },
};

/** Nothing relevant found: the answer is a notice. */
export const NotFound: Story = {
  args: {
    question: '駐車場の料金はいくらですか？',
    answer: `登録された資料には該当する記載が見つかりませんでした。\n\n${notice}`,
    notFound: true,
    badge: undefined,
  },
  play: async ({ canvasElement, canvas }) => {
    await expect(
      canvas.getByText('登録された資料には該当する記載が見つかりませんでした。'),
    ).toBeInTheDocument();
    await expect(canvasElement.querySelector('[data-not-found]')).not.toBeNull();
  },
};

/** Raw HTML in an answer is shown as text, never run or rendered as markup. */
export const RawHtmlIsText: Story = {
  args: {
    question: '危険な入力',
    answer:
      '<img src=x onerror="alert(1)"> と <script>alert(1)</script> は文字のまま。[リンク](javascript:alert(1))',
    badge: undefined,
  },
  play: async ({ canvasElement }) => {
    const answer = canvasElement.querySelector('[data-slot="chat-message-answer"]')!;
    await expect(answer.querySelector('img')).toBeNull();
    await expect(answer.querySelector('script')).toBeNull();
    for (const link of answer.querySelectorAll('a')) {
      await expect(link.getAttribute('href') ?? '').not.toMatch(/^javascript:/i);
    }
  },
};

/** A model's answer with citations [1][2] and a list. */
export const ModelAnswer: Story = {
  args: {
    question: '退職の申し出は何日前までに必要ですか？',
    answer: `就業規則では、**14日前まで**に退職届を出すことになっています [1]。\n\n- 退職届は書面で提出します [1]\n- 有給休暇の残日数は事前に確認してください [2]\n\n${notice}`,
    badge: <Chip variant="primary">AI の回答</Chip>,
  },
};
