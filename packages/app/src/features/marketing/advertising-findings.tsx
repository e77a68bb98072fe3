import { ADVERTISING_CATEGORY_LABELS, type components } from '@tsumiki/api-client';
import { Chip, HighlightedText } from '@tsumiki/ui';

type Finding = components['schemas']['AdvertisingFinding'];

/** A text the findings point into: its `field` as the API names it, and a label for people. */
export interface CheckedText {
  field: string;
  label: string;
  text: string;
}

/**
 * The advertising check's findings (医療広告ガイドライン), one component for the 広告チェック tool and
 * the campaign and calendar drafts: each checked text that has findings is shown with their words
 * marked, then each finding with its category, the words, the guideline's reason and a lawful
 * wording. A finding the model added (not the rule set) says so.
 */
export function AdvertisingFindings({
  texts,
  findings,
  headingLevel = 3,
}: {
  texts: readonly CheckedText[];
  findings: readonly Finding[];
  headingLevel?: 2 | 3 | 4;
}) {
  const Heading = `h${headingLevel}` as const;
  if (findings.length === 0)
    return (
      <section
        aria-label="広告チェック"
        className="grid gap-1 rounded-md border border-success/30 bg-success-subtle p-3 text-sm text-success-subtle-foreground"
      >
        <Heading className="font-semibold">広告チェック</Heading>
        <p>医療広告ガイドラインに反するおそれのある表現は見つかりませんでした。</p>
      </section>
    );
  const labelOf = new Map(texts.map((text) => [text.field, text.label]));
  const marked = texts.filter((text) => findings.some((finding) => finding.field === text.field));
  return (
    <section aria-label="広告チェック" className="grid gap-3 rounded-md border border-warning/40 p-3 text-sm">
      <Heading className="font-semibold">広告チェック: 指摘 {findings.length} 件</Heading>
      {marked.length > 1 || marked[0]?.field !== 'text' ? (
        <dl className="grid gap-2">
          {marked.map((text) => (
            <div key={text.field} className="grid gap-0.5">
              <dt className="text-muted-foreground text-xs">{text.label}</dt>
              <dd>
                <HighlightedText text={text.text} highlights={rangesIn(findings, text.field)} />
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="leading-[1.7]">
          <HighlightedText text={marked[0].text} highlights={rangesIn(findings, 'text')} />
        </p>
      )}
      <ol className="grid gap-3">
        {findings.map((finding, index) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: a finding has no id; its place is its order
            key={index}
            className="grid gap-1 border-warning border-l-4 pl-3"
          >
            <div className="flex flex-wrap items-center gap-2">
              <Chip variant="warning">{ADVERTISING_CATEGORY_LABELS[finding.category]}</Chip>
              <span className="font-semibold">「{finding.quote}」</span>
              {marked.length > 1 || finding.field !== 'text' ? (
                <span className="text-muted-foreground text-xs">
                  {labelOf.get(finding.field) ?? finding.field}
                </span>
              ) : null}
              {finding.origin === 'model' ? <Chip variant="info">AI の指摘</Chip> : null}
            </div>
            <p className="leading-[1.7]">
              <span className="font-semibold">理由: </span>
              {finding.reason}
            </p>
            <p className="leading-[1.7]">
              <span className="font-semibold">言い換えの案: </span>
              {finding.suggestion}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}

function rangesIn(findings: readonly Finding[], field: string) {
  return findings
    .filter((finding) => finding.field === field)
    .map((finding) => ({ start: finding.start, length: finding.end - finding.start }));
}
