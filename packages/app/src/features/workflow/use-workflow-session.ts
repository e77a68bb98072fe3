import { useMutation } from '@tanstack/react-query';
import {
  createWorkflowMutationOptions,
  optimizeWorkflowMutationOptions,
  reviewWorkflowMutationOptions,
} from '@tsumiki/api-client/react';
import { type FormEvent, useState } from 'react';
import { useTenantApi } from '../../app/use-tenant-api';
import {
  DEFAULT_FOCUS,
  DEFAULT_OBJECTIVES,
  type WorkflowObjective,
  type WorkflowReviewFocus,
} from './workflow-options';
import { type EditableStep, toEditable, toStepInputs } from './workflow-steps';

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * The workflow screen's state: the goal form, the proposal's steps as edited, and the review and
 * improvement runs on them. A new proposal or adopted improvement clears the earlier results,
 * which described other steps.
 */
export function useWorkflowSession() {
  const { api, tenantId } = useTenantApi();
  const [goal, setGoal] = useState('');
  const [constraints, setConstraints] = useState('');
  const [context, setContext] = useState('');
  const [title, setTitle] = useState('');
  const [steps, setSteps] = useState<EditableStep[]>([]);
  const create = useMutation(createWorkflowMutationOptions(api, tenantId));
  const review = useMutation(reviewWorkflowMutationOptions(api, tenantId));
  const optimize = useMutation(optimizeWorkflowMutationOptions(api, tenantId));
  const [goalError, setGoalError] = useState<string | null>(null);
  const [focus, setFocus] = useState<WorkflowReviewFocus[]>([...DEFAULT_FOCUS]);
  const [objectives, setObjectives] = useState<WorkflowObjective[]>([...DEFAULT_OBJECTIVES]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!goal.trim()) {
      setGoalError('目的を入力してください。');
      return;
    }
    setGoalError(null);
    review.reset();
    optimize.reset();
    create.mutate(
      { goal: goal.trim(), constraints: lines(constraints).slice(0, 20), context: context.trim() || null },
      {
        onSuccess: (proposal) => {
          setTitle(proposal.title);
          setSteps(toEditable(proposal.steps));
        },
      },
    );
  };

  const workflow = () => ({ title: title.trim() || '名前のないワークフロー', steps: toStepInputs(steps) });
  const invalid = steps.length === 0 || steps.some((step) => !step.title.trim());
  const edit = (next: EditableStep[]) => {
    setSteps(next);
  };
  const runReview = () => review.mutate({ workflow: workflow(), focus: [...focus] });
  const runOptimize = () => optimize.mutate({ workflow: workflow(), objectives: [...objectives] });
  const adoptImprovement = (improved: EditableStep[]) => {
    setSteps(improved);
    optimize.reset();
    review.reset();
  };

  return {
    goal,
    setGoal,
    constraints,
    setConstraints,
    context,
    setContext,
    goalError,
    submit,
    create,
    title,
    setTitle,
    steps,
    edit,
    invalid,
    focus,
    setFocus,
    objectives,
    setObjectives,
    review,
    runReview,
    optimize,
    runOptimize,
    adoptImprovement,
  };
}

export type WorkflowSession = ReturnType<typeof useWorkflowSession>;
