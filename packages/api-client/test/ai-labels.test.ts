import { describe, expect, it } from 'vitest';
import {
  ADVERTISING_CATEGORY_LABELS,
  AI_MODE_NOTICES,
  COMPETITOR_FOCUS_LABELS,
  CUSTOMER_SEGMENT_BASIS_LABELS,
  contractEnums,
  MARKETING_CHANNEL_LABELS,
  RESEARCH_KIND_LABELS,
  RESEARCH_TOPIC_LABELS,
  WORKFLOW_OBJECTIVE_LABELS,
  WORKFLOW_REVIEW_FOCUS_LABELS,
} from '../src/index';

describe('AI feature labels', () => {
  it('name every value of the contract, in its order (the order the screens list them in)', () => {
    expect(Object.keys(MARKETING_CHANNEL_LABELS)).toEqual(contractEnums.MarketingChannel);
    expect(Object.keys(CUSTOMER_SEGMENT_BASIS_LABELS)).toEqual(contractEnums.CustomerSegmentBasis);
    expect(Object.keys(ADVERTISING_CATEGORY_LABELS)).toEqual(contractEnums.AdvertisingCategory);
    expect(Object.keys(COMPETITOR_FOCUS_LABELS)).toEqual(contractEnums.CompetitorFocus);
    expect(Object.keys(RESEARCH_TOPIC_LABELS)).toEqual(contractEnums.ResearchTopic);
    expect(Object.keys(RESEARCH_KIND_LABELS)).toEqual(contractEnums.ResearchKind);
    expect(Object.keys(WORKFLOW_REVIEW_FOCUS_LABELS)).toEqual(contractEnums.WorkflowReviewFocus);
    expect(Object.keys(WORKFLOW_OBJECTIVE_LABELS)).toEqual(contractEnums.WorkflowObjective);
    expect(Object.keys(AI_MODE_NOTICES).sort()).toEqual([...contractEnums.AiMode].sort());
  });

  it('are Japanese words, never a key', () => {
    for (const labels of [
      ADVERTISING_CATEGORY_LABELS,
      CUSTOMER_SEGMENT_BASIS_LABELS,
      MARKETING_CHANNEL_LABELS,
      COMPETITOR_FOCUS_LABELS,
      RESEARCH_TOPIC_LABELS,
      RESEARCH_KIND_LABELS,
      WORKFLOW_REVIEW_FOCUS_LABELS,
      WORKFLOW_OBJECTIVE_LABELS,
      AI_MODE_NOTICES,
    ])
      for (const label of Object.values(labels)) expect(label).not.toMatch(/^[a-z_]+$/);
  });
});
