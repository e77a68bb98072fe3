import { useQuery, useQueryClient } from '@tanstack/react-query';
import { researchKeys, researchReportQueryOptions } from '@tsumiki/api-client/react';
import { Alert, Button, Card, CardContent, PageHeader, ProgressSteps, Skeleton } from '@tsumiki/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { appRoutes } from '../../app/paths';
import { useTenantApi } from '../../app/use-tenant-api';
import { usePermissions } from '../../features/access/permissions';
import { FeatureOffScreen, PermissionDeniedScreen } from '../../features/access/screen-states';
import { useAiStream } from '../../features/ai/use-ai-stream';
import { isFeatureEnabled, useFeatureFlags } from '../../features/feature-flags';
import { ReportView } from '../../features/research/report-view';
import { ResearchForm, type ResearchRequest } from '../../features/research/research-form';
import type { ResearchReport } from '../../features/research/research-labels';
import { SavedReports } from '../../features/research/saved-reports';
import { errorMessage } from '../../lib/error-message';

const title = appRoutes.deepResearch.title;

/** /deep-research: customer and competitor research, its progress, the report, saved reports. */
export function Component() {
  const { can } = usePermissions();
  const { flags } = useFeatureFlags();
  if (!isFeatureEnabled(flags, 'deep_research')) return <FeatureOffScreen title={title} />;
  if (!can('research.use')) return <PermissionDeniedScreen title={title} />;
  return <DeepResearchScreen />;
}

function OpenReport({ id }: { id: string }) {
  const { api, tenantId } = useTenantApi();
  const report = useQuery(researchReportQueryOptions(api, tenantId, id));
  if (report.isPending) return <Skeleton className="h-64 w-full" aria-label="レポートを読み込み中" />;
  if (report.isError) return <Alert variant="error">{errorMessage(report.error)}</Alert>;
  return <ReportView report={report.data} />;
}

function DeepResearchScreen() {
  const { tenantId } = useTenantApi();
  const queryClient = useQueryClient();
  const stream = useAiStream<ResearchReport>();
  const [params, setParams] = useSearchParams();
  const openId = params.get('report');
  const reportRef = useRef<HTMLDivElement>(null);
  const [justRan, setJustRan] = useState(false);

  const open = useCallback(
    (id: string | null) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('report', id);
        else next.delete('report');
        return next;
      }),
    [setParams],
  );

  // A finished research is saved: show it and refresh the saved list.
  const { result } = stream;
  useEffect(() => {
    if (!result || !justRan) return;
    setJustRan(false);
    queryClient.setQueryData(researchKeys.report(tenantId, result.id), result);
    void queryClient.invalidateQueries({ queryKey: [...researchKeys.all(tenantId), 'reports'] });
    open(result.id);
    requestAnimationFrame(() => reportRef.current?.focus());
  }, [result, justRan, queryClient, tenantId, open]);

  const run = (request: ResearchRequest) => {
    setJustRan(true);
    stream.start(request.path, request.body, request.params);
  };

  return (
    <div className="grid gap-6">
      <PageHeader
        title={title}
        description="顧客や競合について、登録データ・対応履歴・文書から調査レポートを作ります。レポートは保存され、PDF にできます。"
      />
      <Card>
        <CardContent className="grid gap-4">
          <h2 className="text-base font-semibold">新しく調査する</h2>
          <ResearchForm running={stream.running} onRun={run} />
          {stream.running || (stream.steps.length > 0 && !stream.result && !stream.error) ? (
            <div className="grid gap-2" data-testid="research-progress">
              <ProgressSteps steps={stream.steps} label="調査の進み具合" />
              {stream.running ? (
                <div>
                  <Button variant="ghost" size="sm" onClick={stream.cancel}>
                    中止する
                  </Button>
                </div>
              ) : null}
            </div>
          ) : null}
        </CardContent>
      </Card>

      {openId ? (
        <div ref={reportRef} tabIndex={-1} className="outline-none">
          <Card>
            <CardContent>
              <OpenReport id={openId} />
            </CardContent>
          </Card>
        </div>
      ) : null}

      <section aria-labelledby="saved-research-reports" className="grid gap-3">
        <h2 id="saved-research-reports" className="text-base font-semibold">
          保存したレポート
        </h2>
        <SavedReports
          openId={openId}
          onOpen={(id) => {
            open(id);
            requestAnimationFrame(() => reportRef.current?.focus());
          }}
          onDeleted={(id) => {
            if (id === openId) open(null);
          }}
        />
      </section>
    </div>
  );
}
