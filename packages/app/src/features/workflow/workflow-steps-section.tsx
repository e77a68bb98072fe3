import { WORKFLOW_OBJECTIVE_LABELS, WORKFLOW_REVIEW_FOCUS_LABELS } from '@tsumiki/api-client';
import { Button, TextField } from '@tsumiki/ui';
import { ClipboardCheck, Wand2 } from 'lucide-react';
import type { WorkflowSession } from './use-workflow-session';
import { WorkflowDiagram } from './workflow-diagram';
import { ChoiceGroup } from './workflow-options';
import { WorkflowStepsEditor } from './workflow-steps';

/** The proposal's steps to edit, and the review and improvement each with the choices it runs on. */
export function StepsSection({ session }: { session: WorkflowSession }) {
  const {
    title,
    setTitle,
    steps,
    edit,
    invalid,
    focus,
    setFocus,
    objectives,
    setObjectives,
    review,
    optimize,
  } = session;
  return (
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
              onClick={session.runReview}
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
              onClick={session.runOptimize}
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
  );
}
