/** Text as the workflow rules compare it: NFKC (full-width letters and digits), lower case. */
export function fold(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/** A step's title, description and checks as one folded text. */
export function stepText(step: {
  title: string;
  description?: string | null;
  checks?: readonly string[];
}): string {
  return fold([step.title, step.description ?? '', ...(step.checks ?? [])].join(' '));
}
