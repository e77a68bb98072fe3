import type { components } from './generated/schema';

type Schemas = components['schemas'];

/**
 * The patient card's words: 性別 and the 五十音 index of the customer list. Typed by the
 * contract's enums, so a code added there fails to compile here until it has its label.
 */

/** 性別 as a code (optional on a customer; 回答しない is an answer, null is no answer yet). */
export const GENDER_LABELS: Readonly<Record<Schemas['Gender'], string>> = {
  male: '男性',
  female: '女性',
  other: 'その他',
  undisclosed: '回答しない',
};

/** The tabs of the 五十音 index, in order: the row of the reading's first kana, else その他. */
export const KANA_ROW_LABELS: Readonly<Record<Schemas['KanaRow'], string>> = {
  a: 'あ',
  ka: 'か',
  sa: 'さ',
  ta: 'た',
  na: 'な',
  ha: 'は',
  ma: 'ま',
  ya: 'や',
  ra: 'ら',
  wa: 'わ',
  other: 'その他',
};
