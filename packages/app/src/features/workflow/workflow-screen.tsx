import { useWorkflowSession } from './use-workflow-session';
import { GoalForm, ProposalCard } from './workflow-goal';
import { ImprovementCard, ReviewCard } from './workflow-results';
import { StepsSection } from './workflow-steps-section';

/** /workflow: a goal → a proposal; the steps edited as a list and seen as a diagram; review; improve. */
export function WorkflowScreen() {
  const session = useWorkflowSession();
  return (
    <div className="grid gap-6">
      <GoalForm session={session} />
      {session.create.data ? <ProposalCard proposal={session.create.data} /> : null}
      {session.steps.length > 0 ? <StepsSection session={session} /> : null}
      <ReviewCard review={session.review} />
      <ImprovementCard session={session} />
    </div>
  );
}
