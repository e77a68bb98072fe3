import { type components, DUPLICATE_REASON_LABELS } from '@tsumiki/api-client';
import { birthDateLabel } from '../patient-card';

type Schemas = components['schemas'];
export type DuplicateSummary = Schemas['CustomerDuplicateSummary'];
export type DuplicateCandidate = Schemas['CustomerDuplicateCandidate'];
export type DuplicateReason = Schemas['CustomerDuplicateCandidate']['reasons'][number];
export type DuplicateDraft = Schemas['CustomerDuplicateDraft'];

/** Why two records may be one person, in Japanese (the labels live in api-client). */
export function duplicateReasonsText(reasons: readonly DuplicateReason[]): string {
  return reasons.map((reason) => DUPLICATE_REASON_LABELS[reason]).join('／');
}

/** A candidate's facts on one line: 診察券番号, 生年月日 in 和暦 with the age. */
export function duplicateFacts(customer: DuplicateSummary): string {
  const birth = birthDateLabel(customer.birth_date);
  return [`診察券番号 ${customer.patient_number}`, birth ? `生年月日 ${birth}` : null]
    .filter((part): part is string => part !== null)
    .join('・');
}

/** What the duplicate check compares, taken from a registration's input. */
export function duplicateDraftOf(input: Partial<Record<keyof DuplicateDraft, unknown>>): DuplicateDraft {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
  const draft: DuplicateDraft = {};
  for (const field of [
    'last_name',
    'first_name',
    'last_name_kana',
    'first_name_kana',
    'birth_date',
    'phone',
    'email',
  ] as const) {
    const value = text(input[field]);
    if (value !== undefined) draft[field] = value;
  }
  return draft;
}
