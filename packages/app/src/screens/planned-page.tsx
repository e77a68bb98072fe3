import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@tsumiki/ui';

/**
 * A screen of the specification that this version does not have yet. It says so plainly instead
 * of showing made-up data.
 */
export function PlannedPage({ title }: { title: string }) {
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-foreground">{title}</h1>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>準備中です</h2>
          </CardTitle>
          <CardDescription>
            「{title}」はまだこのバージョンでは利用できません。公開までしばらくお待ちください。
          </CardDescription>
        </CardHeader>
        <CardContent>
          <p className="text-sm text-muted-foreground">
            サイドバーの「ホーム」からダッシュボードに戻れます。
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
