/**
 * The advertising check's rules on the project's corpus (bench/advertising/corpus.json, written for
 * the project): precision and recall per category and overall must stay at or above the floor, so
 * that a rule change that loses findings or raises false alarms fails here before the bench.
 */
import { readFileSync } from 'node:fs';
import { contractEnums } from '@tsumiki/api-client';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the bench (no declarations), shared with pnpm bench:advertising
import { scoreCorpus } from '../../../../bench/advertising/score.mjs';
import { categoriesIn } from '../../src/modules/marketing/advertising/advertising-check';

const FLOOR = 0.8;
/**
 * Per category the recall floor is lower: the corpus's `fresh` set is measured with the rules as
 * they were, its misses left in on purpose (a category has few sentences, one miss is 10–25%).
 */
const CATEGORY_RECALL_FLOOR = 0.7;
const corpus = JSON.parse(
  readFileSync(new URL('../../../../bench/advertising/corpus.json', import.meta.url), 'utf8'),
) as { sentences: { text: string; categories: string[] }[] };

describe('advertising check on the corpus', () => {
  const score = scoreCorpus(corpus.sentences, categoriesIn, contractEnums.AdvertisingCategory);

  it('holds at least 40 sentences, lawful and unlawful, every category among them', () => {
    expect(corpus.sentences.length).toBeGreaterThanOrEqual(40);
    expect(score.lawful).toBeGreaterThanOrEqual(10);
    const used = new Set(corpus.sentences.flatMap((sentence) => sentence.categories));
    expect([...used].sort()).toEqual([...contractEnums.AdvertisingCategory].sort());
  });

  it(`keeps precision and recall at ${FLOOR} or above overall, per category ${FLOOR} and ${CATEGORY_RECALL_FLOOR}`, () => {
    // No lawful sentence may raise a finding: a false alarm is what a clinic would stop trusting.
    expect(score.falseAlarms, JSON.stringify(score.mistakes, null, 1)).toBe(0);
    expect(score.overall.precision).toBeGreaterThanOrEqual(FLOOR);
    expect(score.overall.recall).toBeGreaterThanOrEqual(FLOOR);
    for (const category of score.perCategory) {
      expect(category.precision ?? 1, category.category).toBeGreaterThanOrEqual(FLOOR);
      expect(category.recall ?? 1, category.category).toBeGreaterThanOrEqual(CATEGORY_RECALL_FLOOR);
    }
  });
});
