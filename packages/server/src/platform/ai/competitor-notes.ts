/**
 * Competitor notes sorted into strengths and weaknesses by words, without a model: what marketing's
 * competitor analysis and research's competitor report both do offline. A sentence that names a
 * strength is never also listed as a weakness.
 *
 * The two callers still read with their own words and their own sentence ends (marketing drops the
 * 。！？ marks, research keeps them); both are kept here side by side so that they can be made one
 * when the product decides which reading it wants, without changing either report silently.
 */

export interface CompetitorWords {
  strengths: readonly string[];
  weaknesses: readonly string[];
}

/** Marketing's competitor analysis (a clinic's typical selling points and complaints). */
export const MARKETING_COMPETITOR_WORDS: CompetitorWords = {
  strengths: [
    '安い',
    '駐車場',
    '土日',
    '夜間',
    '専門',
    '評判が良',
    '駅近',
    '駅から近',
    '新しい',
    '広い',
    'オンライン',
    '待ち時間が短',
    '女性医師',
    '丁寧',
    '人気',
    '口コミが良',
    '充実',
  ],
  weaknesses: [
    '高い',
    '待ち時間が長',
    '混雑',
    '遠い',
    '悪い',
    '少ない',
    'ない',
    '不便',
    '古い',
    '狭い',
    '不満',
    '休み',
    '取りにくい',
  ],
};

/** Research's competitor report. */
export const RESEARCH_COMPETITOR_WORDS: CompetitorWords = {
  strengths: [
    '強み',
    '人気',
    '安い',
    '安価',
    '充実',
    '駅近',
    '近い',
    '広い',
    '評判が良',
    '評価が高',
    '新しい',
    '土日',
    '夜間',
    '駐車場あり',
    '早い',
  ],
  weaknesses: [
    '弱み',
    '高い',
    '高額',
    '少ない',
    '不便',
    '待ち',
    '悪い',
    '狭い',
    '遠い',
    '古い',
    '不満',
    'ない',
    '遅い',
  ],
};

/**
 * The sentences of what the user typed, trimmed, empty ones dropped. Split at 。！？ (full or half
 * width) and line ends; `keepMarks` keeps the mark at the end of its sentence.
 */
export function noteSentences(
  text: string | null | undefined,
  options: { keepMarks?: boolean } = {},
): string[] {
  if (!text) return [];
  return text
    .split(options.keepMarks ? /(?<=[。！？!?])|\r?\n/ : /[。\n！!？?]/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '');
}

/** The sentences that use any of `words`. */
export function sentencesWith(sentences: readonly string[], words: readonly string[]): string[] {
  return sentences.filter((sentence) => words.some((word) => sentence.includes(word)));
}

/** Strengths and weaknesses among `sentences`, in their order. */
export function sortCompetitorNotes(
  sentences: readonly string[],
  words: CompetitorWords,
): { strengths: string[]; weaknesses: string[] } {
  const strengths = sentencesWith(sentences, words.strengths);
  const weaknesses = sentencesWith(sentences, words.weaknesses).filter(
    (sentence) => !strengths.includes(sentence),
  );
  return { strengths, weaknesses };
}
