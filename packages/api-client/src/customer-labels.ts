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

/** Why two customers may be one person (名寄せ): the duplicate check, the 重複の候補 screen. */
export const DUPLICATE_REASON_LABELS: Readonly<
  Record<Schemas['CustomerDuplicateCandidate']['reasons'][number], string>
> = {
  reading_and_birth_date: 'フリガナと生年月日が同じ',
  phone: '電話番号が同じ',
  email: 'メールアドレスが同じ',
  similar_reading: 'フリガナが1文字違いで、生年月日か電話番号が同じ',
};

/** The fields a merge chooses per person (the contract's CustomerMergeInput.keep), in screen order. */
export const MERGE_FIELD_LABELS: Readonly<
  Record<keyof NonNullable<Schemas['CustomerMergeInput']['keep']>, string>
> = {
  name: '氏名',
  reading: 'フリガナ',
  birth_date: '生年月日',
  gender: '性別',
  phone: '電話番号',
  email: 'メールアドレス',
  address: '住所',
};

/** How long a merge can be undone (the server refuses later with RES_005). */
export const MERGE_UNDO_DAYS = 30;
