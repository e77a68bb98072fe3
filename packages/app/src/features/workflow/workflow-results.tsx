import {
  type components,
  WORKFLOW_OBJECTIVE_LABELS,
  WORKFLOW_REVIEW_FOCUS_LABELS,
} from '@tsumiki/api-client';
import { Alert, Button, Card, CardContent, CardHeader, CardTitle, Chip } from '@tsumiki/ui';
import { AiAnswerFooter } from '../ai/ai-answer-footer';
import type { WorkflowSession } from './use-workflow-session';
import { DEFAULT_FOCUS, DEFAULT_OBJECTIVES, describeChoices } from './workflow-options';
import { stepAnchor, toEditable } from './workflow-steps';

type Schemas = components['schemas'];
type Severity = Schemas['FindingSeverity'];

const SEVERITY_LABELS: Record<Severity, string> = { critical: '重大', warning: '注意', info: '参考' };
const SEVERITY_VARIANTS = { critical: 'error', warning: 'warning', info: 'info' } as const;
const CHANGE_LABELS: Record<Schemas['WorkflowChangeType'], string> = {
  add: '追加',
  remove: '削除',
  merge: '統合',
  reorder: '順番の変更',
  automate: '自動化',
  modify: '見直し',
};

export function ReviewCard({ review }: { review: WorkflowSession['review'] }) {
  if (!review.data) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>点検結果{review.data.score !== null ? `（${review.data.score} 点）` : ''}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p className="text-muted-foreground">
          観点: {describeChoices(WORKFLOW_REVIEW_FOCUS_LABELS, review.variables?.focus ?? DEFAULT_FOCUS)}
        </p>
        <p>{review.data.summary}</p>
        {review.data.findings.length === 0 ? (
          <Alert variant="success">指摘はありません。</Alert>
        ) : (
          <ul className="grid gap-2" aria-label="指摘">
            {review.data.findings.map((finding, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: findings have no id; order is stable
              <li key={index} className="grid gap-1 rounded-md border p-3">
                <span className="flex flex-wrap items-center gap-2">
                  <Chip variant={SEVERITY_VARIANTS[finding.severity]}>
                    {SEVERITY_LABELS[finding.severity]}
                  </Chip>
                  {finding.step_order !== null ? (
                    <a
                      href={`#${stepAnchor(finding.step_order)}`}
                      className="underline underline-offset-4"
                      onClick={(event) => {
                        event.preventDefault();
                        document.getElementById(stepAnchor(finding.step_order ?? 1))?.focus();
                      }}
                    >
                      手順 {finding.step_order}
                    </a>
                  ) : (
                    <span className="text-muted-foreground">全体</span>
                  )}
                </span>
                <span>{finding.finding}</span>
                <span className="text-muted-foreground">対処案: {finding.recommendation}</span>
              </li>
            ))}
          </ul>
        )}
        <AiAnswerFooter mode={review.data.mode} sources={review.data.sources} />
      </CardContent>
    </Card>
  );
}

export function ImprovementCard({ session }: { session: WorkflowSession }) {
  const { optimize } = session;
  if (!optimize.data) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>改善案</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p className="text-muted-foreground">
          目標:{' '}
          {describeChoices(WORKFLOW_OBJECTIVE_LABELS, optimize.variables?.objectives ?? DEFAULT_OBJECTIVES)}
        </p>
        <p>{optimize.data.summary}</p>
        <ul className="grid gap-2" aria-label="変更点">
          {optimize.data.changes.map((change, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: changes have no id; order is stable
            <li key={index} className="grid gap-1 rounded-md border p-3">
              <span>
                <Chip>{CHANGE_LABELS[change.type]}</Chip> {change.description}
              </span>
              {change.expected_effect ? (
                <span className="text-muted-foreground">効果: {change.expected_effect}</span>
              ) : null}
            </li>
          ))}
        </ul>
        <h3 className="font-semibold">改善後の手順</h3>
        <ol className="list-decimal pl-5">
          {optimize.data.steps.map((step) => (
            <li key={step.order}>
              {step.title}（{step.owner_role ?? '担当なし'}
              {step.estimated_minutes !== null ? `・${step.estimated_minutes} 分` : ''}）
            </li>
          ))}
        </ol>
        <div>
          <Button type="button" onClick={() => session.adoptImprovement(toEditable(optimize.data.steps))}>
            この案を使う
          </Button>
        </div>
        <AiAnswerFooter mode={optimize.data.mode} sources={optimize.data.sources} />
      </CardContent>
    </Card>
  );
}
