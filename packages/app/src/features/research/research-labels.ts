import type { components } from '@tsumiki/api-client';

type Schemas = components['schemas'];

export type ResearchReport = Schemas['ResearchReport'];
export type ResearchTopic = Schemas['ResearchTopic'];
export type ResearchDepth = Schemas['ResearchDepth'];
export type CompetitorFocus = Schemas['CompetitorFocus'];

export const DEPTH_OPTIONS: readonly { value: ResearchDepth; label: string }[] = [
  { value: 'quick', label: '手早く' },
  { value: 'standard', label: '標準' },
  { value: 'deep', label: '詳しく' },
];
