// The tables of the quality half of pnpm bench:retrieval (quality.mjs measures, this prints).
import { percent, table } from '../lib/report.mjs';
import { say } from '../lib/runtime.mjs';
import { FLOORS } from './quality.mjs';

const ratio = (count, total) => (total > 0 ? `${count}/${total}（${percent(count / total)}）` : '—');
const pair = (hits) => (hits ? `${percent(hits.hit1)} / ${percent(hits.hit5)}` : '—');

const MEASURES = {
  weighted: '重み付きの被覆率（passage.coverage: 語の種類と IDF で重み付け）',
  'content-bigram-share': '内容バイグラムの割合（contentCoverage、この版のサーバー）',
};

export function reportQuality({ offline, vectors, embeddingLabel, minCoverage, documents, pages, verbose }) {
  const sets = offline.sets;
  say('');
  say(
    `評価: 文書 ${documents} 件・${pages} ページ。hit@1 / hit@5（hit@5 = recall@5: 期待したページが上位 5 件にある割合）`,
  );
  say(
    table(
      ['方式', ...sets.map((set) => `${set.label}（${set.answerable} 問）`)],
      [
        ['キーワード（検索語で AND、文書ごとに最良の断片）', ...sets.map((set) => pair(set.keyword))],
        ['オフラインの意味検索（バイグラム BM25）', ...sets.map((set) => pair(set.bm25))],
        [embeddingLabel, ...sets.map((set) => pair(vectors[set.id]))],
      ],
      ['l', ...sets.map(() => 'r')],
    ),
  );
  say('');
  say(
    `AI法務チェックの判定（上位 5 件のうち下限 ${minCoverage} 以上を引用。測り方: ${MEASURES[offline.measure] ?? offline.measure}）`,
  );
  say(
    table(
      [
        '質問',
        '正しいページを引用',
        '別のページだけを引用',
        '引用した断片（うち期待外）',
        '答えのない質問に「見つかりません」',
      ],
      sets.map((set) => [
        set.label,
        ratio(set.chat.adopted.cited, set.answerable),
        ratio(set.chat.adopted.misquoted, set.answerable),
        `${set.chat.adopted.quotes}（${set.chat.adopted.besides}）`,
        ratio(set.chat.adopted.refused, set.absent),
      ]),
      ['l', 'r', 'r', 'r', 'r'],
    ),
  );
  say('');
  say('下限ごと（引用できた数 / 答えなしと正しく回答した数）');
  say(
    table(
      ['下限', ...sets.map((set) => `${set.label}（${set.answerable} / ${set.absent}）`)],
      FLOORS.map((floor, index) => [
        `${floor}${floor === minCoverage ? ' ←' : ''}`,
        ...sets.map((set) => `${set.chat.floors[index].cited} / ${set.chat.floors[index].refused}`),
      ]),
      ['l', ...sets.map(() => 'r')],
    ),
  );
  say('');
  say('画面の例文');
  for (const answer of sets.find((set) => set.id === 'screens')?.answers ?? []) {
    say(
      `  「${answer.question}」 → ${answer.cited.length > 0 ? `引用 ${answer.cited.join('、')}` : '該当なし'}${answer.correct ? '' : '（期待と違う）'}`,
    );
  }
  const wrong = sets.flatMap((set) =>
    set.answers.filter((answer) => !answer.correct).map((answer) => ({ set, answer })),
  );
  if (wrong.length === 0) return;
  say('');
  say(
    `期待どおりでなかった質問 ${wrong.length} 件${verbose ? '' : '（上位の断片と被覆率は --verbose または JSON の quality.sets[].answers）'}`,
  );
  for (const { set, answer } of wrong) {
    const expected = answer.expected
      ? answer.expected.map(([slug, page]) => `${slug}:${page}`).join(' か ')
      : '該当なし';
    say(
      `  [${set.label}] ${answer.question}（期待 ${expected}、回答 ${answer.cited.join('、') || '該当なし'}）`,
    );
    if (verbose) say(`      上位: ${answer.top.join('、')}`);
  }
}
