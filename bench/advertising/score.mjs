// Precision and recall of the advertising check on the corpus, per category and overall
// (micro-averaged over every (sentence, category) pair). Shared by `pnpm bench:advertising`
// (run.mjs) and the server's unit test, which holds a floor so that a regression fails.

/**
 * @param {{ text: string, categories: string[] }[]} sentences
 * @param {(text: string) => string[]} predict the categories found in a text
 * @param {readonly string[]} categories every category, in the order to report them
 */
export function scoreCorpus(sentences, predict, categories) {
  const counts = Object.fromEntries(categories.map((category) => [category, { tp: 0, fp: 0, fn: 0 }]));
  const mistakes = [];
  for (const sentence of sentences) {
    const expected = new Set(sentence.categories);
    const found = new Set(predict(sentence.text));
    for (const category of categories) {
      const count = counts[category];
      if (expected.has(category) && found.has(category)) count.tp++;
      else if (found.has(category)) count.fp++;
      else if (expected.has(category)) count.fn++;
    }
    const missed = [...expected].filter((category) => !found.has(category));
    const extra = [...found].filter((category) => !expected.has(category));
    if (missed.length > 0 || extra.length > 0) mistakes.push({ text: sentence.text, missed, extra });
  }
  const ratio = (part, whole) => (whole === 0 ? null : part / whole);
  const perCategory = categories.map((category) => {
    const { tp, fp, fn } = counts[category];
    return { category, tp, fp, fn, precision: ratio(tp, tp + fp), recall: ratio(tp, tp + fn) };
  });
  const total = perCategory.reduce(
    (sum, { tp, fp, fn }) => ({ tp: sum.tp + tp, fp: sum.fp + fp, fn: sum.fn + fn }),
    { tp: 0, fp: 0, fn: 0 },
  );
  // A lawful sentence with any finding is a false alarm a clinic would see.
  const lawful = sentences.filter((sentence) => sentence.categories.length === 0);
  const falseAlarms = lawful.filter((sentence) => predict(sentence.text).length > 0).length;
  return {
    sentences: sentences.length,
    lawful: lawful.length,
    falseAlarms,
    perCategory,
    overall: {
      ...total,
      precision: ratio(total.tp, total.tp + total.fp),
      recall: ratio(total.tp, total.tp + total.fn),
    },
    mistakes,
  };
}
