import { Card, CardContent, EmptyState, PageHeader } from '@tsumiki/ui';
import { Construction } from 'lucide-react';

/**
 * A screen of the specification that this version does not have yet. It says so plainly instead
 * of showing made-up data.
 */
export function PlannedPage({ title }: { title: string }) {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={title} />
      <Card>
        <CardContent>
          <EmptyState
            headingLevel={2}
            icon={<Construction aria-hidden="true" />}
            title="準備中です"
            description={`「${title}」はまだこのバージョンでは利用できません。公開までしばらくお待ちください。サイドバーの「ホーム」からダッシュボードに戻れます。`}
          />
        </CardContent>
      </Card>
    </div>
  );
}
