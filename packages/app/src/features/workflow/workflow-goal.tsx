import { Button, Card, CardContent, CardHeader, CardTitle, Textarea } from '@tsumiki/ui';
import { Sparkles } from 'lucide-react';
import { AiAnswerFooter } from '../ai/ai-answer-footer';
import type { WorkflowSession } from './use-workflow-session';

export function GoalForm({ session }: { session: WorkflowSession }) {
  const { goal, setGoal, constraints, setConstraints, context, setContext, goalError, submit, create } =
    session;
  return (
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
  );
}

export function ProposalCard({ proposal }: { proposal: NonNullable<WorkflowSession['create']['data']> }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>提案: {proposal.title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p>{proposal.summary}</p>
        {proposal.notes.length > 0 ? (
          <ul className="list-disc pl-5 text-muted-foreground">
            {proposal.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        ) : null}
        <AiAnswerFooter mode={proposal.mode} sources={proposal.sources} />
      </CardContent>
    </Card>
  );
}
