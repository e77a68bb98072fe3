import { useMutation } from '@tanstack/react-query';
import {
  type components,
  WORKFLOW_OBJECTIVE_LABELS,
  WORKFLOW_REVIEW_FOCUS_LABELS,
} from '@tsumiki/api-client';
import {
  createWorkflowMutationOptions,
  optimizeWorkflowMutationOptions,
  reviewWorkflowMutationOptions,
} from '@tsumiki/api-client/react';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  Chip,
  Textarea,
  TextField,
} from '@tsumiki/ui';
import { ClipboardCheck, Sparkles, Wand2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTenantApi } from '../../app/use-tenant-api';
import { AiAnswerFooter } from '../ai/ai-answer-footer';
import { WorkflowDiagram } from './workflow-diagram';
import {
  ChoiceGroup,
  DEFAULT_FOCUS,
  DEFAULT_OBJECTIVES,
  describeChoices,
  type WorkflowObjective,
  type WorkflowReviewFocus,
} from './workflow-options';
import {
  type EditableStep,
  stepAnchor,
  toEditable,
  toStepInputs,
  WorkflowStepsEditor,
} from './workflow-steps';

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

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** /workflow: a goal → a proposal; the steps edited as a list and seen as a diagram; review; improve. */
export function WorkflowScreen() {
  const { api, tenantId } = useTenantApi();
  const [goal, setGoal] = useState('');
  const [constraints, setConstraints] = useState('');
  const [context, setContext] = useState('');
  const [title, setTitle] = useState('');
  const [steps, setSteps] = useState<EditableStep[]>([]);
  const create = useMutation(createWorkflowMutationOptions(api, tenantId));
  const review = useMutation(reviewWorkflowMutationOptions(api, tenantId));
  const optimize = useMutation(optimizeWorkflowMutationOptions(api, tenantId));
  const [goalError, setGoalError] = useState<string | null>(null);
  const [focus, setFocus] = useState<WorkflowReviewFocus[]>([...DEFAULT_FOCUS]);
  const [objectives, setObjectives] = useState<WorkflowObjective[]>([...DEFAULT_OBJECTIVES]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!goal.trim()) {
      setGoalError('目的を入力してください。');
      return;
    }
    setGoalError(null);
    review.reset();
    optimize.reset();
    create.mutate(
      { goal: goal.trim(), constraints: lines(constraints).slice(0, 20), context: context.trim() || null },
      {
        onSuccess: (proposal) => {
          setTitle(proposal.title);
          setSteps(toEditable(proposal.steps));
        },
      },
    );
  };

  const workflow = () => ({ title: title.trim() || '名前のないワークフロー', steps: toStepInputs(steps) });
  const invalid = steps.length === 0 || steps.some((step) => !step.title.trim());
  const edit = (next: EditableStep[]) => {
    setSteps(next);
  };

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>目的から案を作る</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} noValidate className="grid gap-4">
            <Textarea
              label="目的"
              required
              rows={2}
              maxLength={2000}
              placeholder="例: 初診の受付から会計までの待ち時間を短くしたい"
              value={goal}
              error={goalError}
              onChange={(event) => setGoal(event.target.value)}
            />
            <div className="grid gap-4 md:grid-cols-2">
              <Textarea
                label="制約（1 行に 1 つ）"
                rows={2}
                placeholder="例: 個人情報は紙に残さない"
                value={constraints}
                onChange={(event) => setConstraints(event.target.value)}
              />
              <Textarea
                label="補足情報"
                rows={2}
                maxLength={4000}
                placeholder="例: 受付 2 名、看護師 1 名"
                value={context}
                onChange={(event) => setContext(event.target.value)}
              />
            </div>
            <div>
              <Button type="submit" loading={create.isPending}>
                <Sparkles aria-hidden="true" />
                案を作る
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>

      {create.data ? (
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>提案: {create.data.title}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3 text-sm">
            <p>{create.data.summary}</p>
            {create.data.notes.length > 0 ? (
              <ul className="list-disc pl-5 text-muted-foreground">
                {create.data.notes.map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </ul>
            ) : null}
            <AiAnswerFooter mode={create.data.mode} sources={create.data.sources} />
          </CardContent>
        </Card>
      ) : null}

      {steps.length > 0 ? (
        <section aria-labelledby="workflow-steps-heading" className="grid gap-4">
          <h2 id="workflow-steps-heading" className="font-semibold text-lg">
            手順（点検の前に直せます）
          </h2>
          <TextField
            label="ワークフローの名前"
            maxLength={100}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
          />
          <WorkflowDiagram steps={steps} />
          <WorkflowStepsEditor steps={steps} onChange={edit} />
          <div className="grid gap-4 md:grid-cols-2">
            <div className="grid content-start gap-3 rounded-lg border bg-card p-4">
              <ChoiceGroup
                legend="点検の観点"
                labels={WORKFLOW_REVIEW_FOCUS_LABELS}
                values={focus}
                onChange={setFocus}
                messageId="workflow-focus-message"
                emptyMessage="点検の観点を 1 つ以上選んでください。"
              />
              <div>
                <Button
                  type="button"
                  disabled={invalid || focus.length === 0}
                  loading={review.isPending}
                  aria-describedby={focus.length === 0 ? 'workflow-focus-message' : undefined}
                  onClick={() => review.mutate({ workflow: workflow(), focus: [...focus] })}
                >
                  <ClipboardCheck aria-hidden="true" />
                  点検する
                </Button>
              </div>
            </div>
            <div className="grid content-start gap-3 rounded-lg border bg-card p-4">
              <ChoiceGroup
                legend="改善の目標"
                labels={WORKFLOW_OBJECTIVE_LABELS}
                values={objectives}
                onChange={setObjectives}
                messageId="workflow-objectives-message"
                emptyMessage="改善の目標を 1 つ以上選んでください。"
              />
              <div>
                <Button
                  type="button"
                  variant="outline"
                  disabled={invalid || objectives.length === 0}
                  loading={optimize.isPending}
                  aria-describedby={objectives.length === 0 ? 'workflow-objectives-message' : undefined}
                  onClick={() => optimize.mutate({ workflow: workflow(), objectives: [...objectives] })}
                >
                  <Wand2 aria-hidden="true" />
                  改善案
                </Button>
              </div>
            </div>
          </div>
          {invalid ? (
            <p className="text-muted-foreground text-sm">すべての手順に名前を入れると点検できます。</p>
          ) : null}
        </section>
      ) : null}

      {review.data ? (
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
      ) : null}

      {optimize.data ? (
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>改善案</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3 text-sm">
            <p className="text-muted-foreground">
              目標:{' '}
              {describeChoices(
                WORKFLOW_OBJECTIVE_LABELS,
                optimize.variables?.objectives ?? DEFAULT_OBJECTIVES,
              )}
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
              <Button
                type="button"
                onClick={() => {
                  const data = optimize.data;
                  setSteps(toEditable(data.steps));
                  optimize.reset();
                  review.reset();
                }}
              >
                この案を使う
              </Button>
            </div>
            <AiAnswerFooter mode={optimize.data.mode} sources={optimize.data.sources} />
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
