import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  WORKFLOW_REVIEW_FOCUS_LABELS as FOCUS_LABELS,
  WORKFLOW_OBJECTIVE_LABELS as OBJECTIVE_LABELS,
} from '@tsumiki/api-client';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ChoiceGroup,
  DEFAULT_FOCUS,
  DEFAULT_OBJECTIVES,
  describeChoices,
  type WorkflowReviewFocus,
} from './workflow-options';
import '@testing-library/jest-dom/vitest';

afterEach(cleanup);

function FocusGroup({ initial }: { initial: readonly WorkflowReviewFocus[] }) {
  const [focus, setFocus] = useState<WorkflowReviewFocus[]>([...initial]);
  return (
    <>
      <ChoiceGroup
        legend="点検の観点"
        labels={FOCUS_LABELS}
        values={focus}
        onChange={setFocus}
        emptyMessage="点検の観点を 1 つ以上選んでください。"
      />
      <p data-testid="chosen">{focus.join(',')}</p>
    </>
  );
}

describe('workflow choices', () => {
  it('has the contract defaults: every focus, time and quality', () => {
    expect(describeChoices(FOCUS_LABELS, DEFAULT_FOCUS)).toBe('効率・リスク・法令順守・費用');
    expect(describeChoices(OBJECTIVE_LABELS, DEFAULT_OBJECTIVES)).toBe('時間・品質');
    expect(describeChoices(OBJECTIVE_LABELS, ['automation', 'time'])).toBe('時間・自動化');
  });

  it('toggles with Tab and Space, keeps the contract order and says when none is chosen', async () => {
    const user = userEvent.setup();
    render(<FocusGroup initial={['risk']} />);
    const group = screen.getByRole('group', { name: '点検の観点' });
    expect(group).toBeInTheDocument();
    const efficiency = screen.getByRole('checkbox', { name: '効率' });
    const risk = screen.getByRole('checkbox', { name: 'リスク' });
    expect(risk).toBeChecked();
    expect(efficiency).not.toBeChecked();

    await user.tab();
    expect(efficiency).toHaveFocus();
    await user.keyboard(' ');
    expect(efficiency).toBeChecked();
    // Ticked after リスク, but sent and shown in the contract's order.
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByTestId('chosen')).toHaveTextContent('efficiency,risk');

    await user.keyboard(' ');
    await user.tab();
    expect(risk).toHaveFocus();
    await user.keyboard(' ');
    expect(risk).not.toBeChecked();
    expect(screen.getByTestId('chosen')).toHaveTextContent('');
    expect(screen.getByText('点検の観点を 1 つ以上選んでください。')).toBeVisible();
    expect(group).toHaveAccessibleDescription('点検の観点を 1 つ以上選んでください。');
  });
});
