// The quality half of pnpm bench:retrieval: for each question set, where the expected page ranks
// (keyword search, BM25, embeddings) and what the legal check would do with the top 5 passages
// (cite the expected page, or answer that nothing was found) at each relevance floor.
//
// The legal check's measure of a passage is the server's own: `passage.coverage` (the weighted
// coverage of question-terms.ts) where the server gives it, else — on servers from before it —
// the unweighted share of the question's content bigrams (`contentCoverage`) that the chat used
// then. So the same bench measures the old and the new server (BENCH_SERVER_DIR).
import { questions } from './questions.mjs';
import { longQuestions, longUnanswerable, screenExamples } from './questions-natural.mjs';

export const FLOORS = [0.25, 0.3, 0.35, 0.4, 0.45, 0.5];
export const TOP = 5;

/** The sets as reported: answerable questions with their acceptable [document, page] pairs, and absent ones. */
export function questionSets() {
  return [
    {
      id: 'terse',
      label: '短い質問',
      answerable: questions.filter((q) => q.expected).map((q) => ({ ...q, expected: [q.expected] })),
      absent: questions.filter((q) => !q.expected),
    },
    { id: 'screens', label: '画面の例文', answerable: screenExamples, absent: [] },
    { id: 'long', label: '長い自然な質問', answerable: longQuestions, absent: longUnanswerable },
  ];
}

const isExpected = (expected) => (pair) =>
  expected.some(([slug, page]) => pair[0] === slug && pair[1] === page);

/** hit@1 / hit@5 (recall@5: one relevant page per question) of ranked [slug, page] pairs. */
export function hits(rankings) {
  let first = 0;
  let five = 0;
  for (const { ranked, expected } of rankings) {
    const position = ranked.findIndex(isExpected(expected));
    if (position === 0) first++;
    if (position !== -1 && position < TOP) five++;
  }
  const n = rankings.length;
  return { hit1: n ? first / n : null, hit5: n ? five / n : null, questions: n };
}

/** Which measure the server's chat uses, for the report. */
export const measureOf = (passage) =>
  typeof passage?.coverage === 'number' ? 'weighted' : 'content-bigram-share';

function coverageOf(api, question, passage) {
  return typeof passage.coverage === 'number'
    ? passage.coverage
    : api.contentCoverage(question, passage.text);
}

/**
 * Runs every set against the BM25 index (and the keyword search for the short questions, which
 * have search-box words): rankings, the chat's outcome per floor, and what it would answer at the
 * adopted floor (api.MIN_COVERAGE), question by question.
 */
export async function evaluateOffline({ api, db, index, corpus, sets }) {
  const results = [];
  let measure = null;
  for (const set of sets) {
    const bm25 = [];
    const keyword = [];
    const floors = FLOORS.map((floor) => ({ floor, cited: 0, refused: 0 }));
    const answers = [];
    for (const question of [...set.answerable, ...set.absent]) {
      const expected = question.expected ?? null;
      await api.withTenant(db, corpus.tenantId, async (tx) => {
        const retrieved = await index.retrieve(tx, {
          kind: 'knowledge',
          query: question.question,
          limit: TOP,
        });
        if (retrieved.mode !== 'offline') throw new Error(`BM25 のはずが mode=${retrieved.mode} でした`);
        measure ??= measureOf(retrieved.passages[0]);
        const scored = retrieved.passages.map((passage) => ({
          pair: [corpus.slugOf.get(passage.sourceId), passage.page],
          coverage: coverageOf(api, question.question, passage),
        }));
        for (const row of floors) {
          const kept = scored.filter((passage) => passage.coverage >= row.floor).map((p) => p.pair);
          if (expected ? kept.some(isExpected(expected)) : kept.length === 0) {
            if (expected) row.cited++;
            else row.refused++;
          }
        }
        const cited = scored.filter((passage) => passage.coverage >= api.MIN_COVERAGE);
        answers.push({
          question: question.question,
          expected,
          top: scored.map((p) => `${p.pair[0]}:${p.pair[1]} (${p.coverage.toFixed(2)})`),
          cited: cited.map((p) => `${p.pair[0]}:${p.pair[1]}`),
          correct: expected ? cited.some((p) => isExpected(expected)(p.pair)) : cited.length === 0,
        });
        if (!expected) return;
        bm25.push({ ranked: scored.map((p) => p.pair), expected });
        if (!question.keywords) return;
        const found = await index.keyword(tx, {
          kind: 'knowledge',
          query: question.keywords,
          skip: 0,
          limit: TOP,
        });
        keyword.push({
          ranked: found.hits.map((hit) => [corpus.slugOf.get(hit.sourceId), hit.page]),
          expected,
        });
      });
    }
    // `misquoted`: answerable questions answered with other pages only (a quote beside the point).
    const quotes = answers.filter((a) => a.expected).flatMap((a) => a.cited.map((c) => ({ c, a })));
    const adopted = {
      // Passages quoted for answerable questions, and those of them that are not an expected page.
      quotes: quotes.length,
      besides: quotes.filter(({ c, a }) => !a.expected.some(([slug, page]) => c === `${slug}:${page}`))
        .length,
      cited: answers.filter((a) => a.expected && a.correct).length,
      misquoted: answers.filter((a) => a.expected && !a.correct && a.cited.length > 0).length,
      refused: answers.filter((a) => !a.expected && a.correct).length,
    };
    results.push({
      id: set.id,
      label: set.label,
      answerable: set.answerable.length,
      absent: set.absent.length,
      bm25: hits(bm25),
      keyword: keyword.length > 0 ? hits(keyword) : null,
      chat: { adopted, floors },
      answers,
    });
  }
  return { measure, sets: results };
}

/** hit@1 / hit@5 of the embedding index per set (answerable questions only). */
export async function evaluateVectors({ api, db, index, corpus, sets }) {
  const results = {};
  for (const set of sets) {
    const rankings = [];
    for (const question of set.answerable) {
      await api.withTenant(db, corpus.tenantId, async (tx) => {
        const retrieved = await index.retrieve(tx, {
          kind: 'knowledge',
          query: question.question,
          limit: TOP,
        });
        if (retrieved.mode !== 'openai') throw new Error('埋め込みで検索できませんでした（mode=offline）');
        rankings.push({
          ranked: retrieved.passages.map((passage) => [corpus.slugOf.get(passage.sourceId), passage.page]),
          expected: question.expected,
        });
      });
    }
    results[set.id] = hits(rankings);
  }
  return results;
}
