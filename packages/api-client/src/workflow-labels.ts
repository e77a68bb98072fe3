import type { components } from './generated/schema';

type Schemas = components['schemas'];

/**
 * The contract's workflow choices in Japanese, typed by its enums, in the contract's order (the
 * order the screen lists them in). The server quotes the same words in its summaries.
 */

/** A review's point of view (点検の観点). */
export const WORKFLOW_REVIEW_FOCUS_LABELS: Readonly<Record<Schemas['WorkflowReviewFocus'], string>> = {
  efficiency: '効率',
  risk: 'リスク',
  compliance: '法令順守',
  cost: '費用',
};

/** An optimisation's objective (改善の目標). */
export const WORKFLOW_OBJECTIVE_LABELS: Readonly<Record<Schemas['WorkflowObjective'], string>> = {
  time: '時間',
  cost: '費用',
  quality: '品質',
  automation: '自動化',
};
