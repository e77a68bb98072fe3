import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { HighlightedText } from './highlighted-text';

const meta = {
  title: 'Components/HighlightedText',
  component: HighlightedText,
  tags: ['autodocs'],
  args: {
    text: '…第5条（解約）甲又は乙は、30日前までに書面で相手方に通知することにより、本契約を解約することができる。…',
    highlights: [
      { start: 5, length: 2 },
      { start: 42, length: 2 },
    ],
  },
  decorators: [(Story) => <p className="max-w-xl text-sm">{Story()}</p>],
} satisfies Meta<typeof HighlightedText>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two matches of 解約 in a search snippet. */
export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const marks = [...canvasElement.querySelectorAll('mark')].map((mark) => mark.textContent);
    await expect(marks).toEqual(['解約', '解約']);
  },
};

/** No ranges: the plain text. */
export const NoHighlights: Story = {
  args: { highlights: [] },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('mark')).toHaveLength(0);
  },
};

/** Overlapping and out-of-range ranges are merged and clamped. */
export const OverlappingRanges: Story = {
  args: {
    text: '院内感染対策マニュアル',
    highlights: [
      { start: 0, length: 3 },
      { start: 2, length: 2 },
      { start: 9, length: 10 },
    ],
  },
  play: async ({ canvasElement }) => {
    const marks = [...canvasElement.querySelectorAll('mark')].map((mark) => mark.textContent);
    await expect(marks).toEqual(['院内感染', 'アル']);
  },
};
