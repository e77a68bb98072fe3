import type { components } from '@tsumiki/api-client';

type Schemas = components['schemas'];

export type ResearchReport = Schemas['ResearchReport'];
export type ResearchTopic = Schemas['ResearchTopic'];
export type ResearchDepth = Schemas['ResearchDepth'];
export type CompetitorFocus = Schemas['CompetitorFocus'];

export const TOPIC_LABELS: Readonly<Record<ResearchTopic, string>> = {
  overview: '概要',
  needs: 'ニーズ',
  history: 'これまでの経緯',
  risks: 'リスク',
  opportunities: '商機',
};

export const FOCUS_LABELS: Readonly<Record<CompetitorFocus, string>> = {
  pricing: '価格',
  services: 'サービス内容',
  marketing: '集客',
  reputation: '評判',
  location: '立地',
};

export const DEPTH_OPTIONS: readonly { value: ResearchDepth; label: string }[] = [
  { value: 'quick', label: '手早く' },
  { value: 'standard', label: '標準' },
  { value: 'deep', label: '詳しく' },
];

export const KIND_LABELS: Readonly<Record<Schemas['ResearchKind'], string>> = {
  customer: '顧客調査',
  competitor: '競合調査',
};
