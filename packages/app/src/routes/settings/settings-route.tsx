import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FEATURE_LABELS, type Feature, type FeatureFlags } from '@tsumiki/api-client';
import {
  accountKeys,
  featureSettingsQueryOptions,
  updateFeatureSettingsMutationOptions,
} from '@tsumiki/api-client/react';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  PageHeader,
  SettingSwitch,
  Skeleton,
  SkeletonGroup,
} from '@tsumiki/ui';
import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { api } from '../../app/api';
import { appRoutes } from '../../app/paths';
import { loaderTenant, prefetch } from '../../app/prefetch';
import { queryClient as appQueryClient } from '../../app/query-client';
import { useToast } from '../../app/toasts';
import { LoadFailed } from '../../features/access/load-failed';
import { usePermissions } from '../../features/access/permissions';
import { PermissionDeniedScreen } from '../../features/access/screen-states';
import { isFeatureEnabled, useFeatureFlags } from '../../features/feature-flags';
import {
  applyFeatureChange,
  applyFlagChange,
  describeFeature,
  differsFromDefault,
  type FeatureSettings,
  featureUpdate,
} from '../../features/settings/feature-settings';
import { NotificationDigestCard } from '../../features/settings/notification-digest-card';
import { PatientNumberCard } from '../../features/settings/patient-number-card';
import { SecuritySettingsCard } from '../../features/settings/security-settings-card';
import { useSignedIn } from '../../session/session';
import { appNavItems } from '../../shell/nav-items';

const title = appRoutes.settings.title;

/** Fetches the settings while the chunk loads (a user without settings.manage gets a 403, left alone). */
export async function loader() {
  await prefetch(async () => {
    const signedIn = await loaderTenant();
    if (!signedIn) return;
    await appQueryClient.ensureQueryData({
      ...featureSettingsQueryOptions(api, signedIn.tenantId),
      retry: false,
    });
  });
  return null;
}

/**
 * /settings: the tenant's features on and off, each back to the product's default on request, and
 * the daily mail of unread notifications.
 */
export function Component() {
  const { can } = usePermissions();
  if (!can('settings.manage')) return <PermissionDeniedScreen title={title} />;
  return <SettingsScreen />;
}

interface Change {
  feature: Feature;
  enabled: boolean | null;
}

function SettingsScreen() {
  const { tenant } = useSignedIn();
  const tenantId = tenant?.tenant_id;
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const settingsKey = accountKeys.featureSettings(tenantId);
  const flagsKey = accountKeys.myFeatures(tenantId);
  const settings = useQuery(featureSettingsQueryOptions(api, tenantId));
  const { flags } = useFeatureFlags();
  const [busy, setBusy] = useState<ReadonlySet<Feature>>(new Set());

  const mark = (feature: Feature, on: boolean) =>
    setBusy((current) => {
      const next = new Set(current);
      if (on) next.add(feature);
      else next.delete(feature);
      return next;
    });

  const update = useMutation({
    ...updateFeatureSettingsMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
    networkMode: 'always',
  });

  /** Shows the change at once (the switch and the sidebar); puts that feature back if the call fails. */
  const change = async ({ feature, enabled }: Change) => {
    mark(feature, true);
    await Promise.all([
      queryClient.cancelQueries({ queryKey: settingsKey, exact: true }),
      queryClient.cancelQueries({ queryKey: flagsKey, exact: true }),
    ]);
    const before = queryClient.getQueryData<FeatureSettings>(settingsKey);
    const previous = before?.features.find((setting) => setting.feature === feature);
    const previousFlags = queryClient.getQueryData<FeatureFlags>(flagsKey);
    const previousFlag = previousFlags?.[`${feature}_enabled` as keyof FeatureFlags];
    queryClient.setQueryData<FeatureSettings>(settingsKey, (current) =>
      current ? applyFeatureChange(current, feature, enabled) : current,
    );
    if (previous) {
      queryClient.setQueryData<FeatureFlags>(flagsKey, (current) =>
        current ? applyFlagChange(current, feature, enabled ?? previous.default_enabled) : current,
      );
    }
    try {
      await update.mutateAsync(featureUpdate(feature, enabled));
    } catch (error) {
      if (previous) {
        queryClient.setQueryData<FeatureSettings>(settingsKey, (current) =>
          current
            ? {
                ...current,
                features: current.features.map((setting) =>
                  setting.feature === feature ? previous : setting,
                ),
              }
            : current,
        );
      }
      if (typeof previousFlag === 'boolean') {
        queryClient.setQueryData<FeatureFlags>(flagsKey, (current) =>
          current ? applyFlagChange(current, feature, previousFlag) : current,
        );
      }
      toast({
        variant: 'error',
        title: `「${FEATURE_LABELS[feature]}」を変更できませんでした`,
        description: error instanceof Error ? error.message : undefined,
      });
    } finally {
      mark(feature, false);
    }
  };

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <PageHeader
        title={title}
        description="このテナントで使う機能をオン・オフします。オフにした機能は、サイドバーから消え、その機能の画面と操作も使えなくなります。変更はすぐに全員に反映されます。"
      />

      <Alert variant="info" title="サイドバーの項目との対応">
        <ul className="list-disc pl-5">
          <li>
            「AI法務チェック」と「ナレッジベースAI」は、どちらも「{FEATURE_LABELS.legal_check}」に従います。
          </li>
          <li>「ホーム」と「機能の設定」はいつも表示されます（機能の設定は管理者だけに表示されます）。</li>
        </ul>
      </Alert>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>機能</h2>
          </CardTitle>
          <CardDescription>
            「既定」は製品の初期設定と同じ状態の機能、「変更済み」はこのテナントで初期設定と違う状態にした機能です。「既定に戻す」で初期設定に戻せます。
          </CardDescription>
        </CardHeader>
        <CardContent>
          {settings.isPending ? (
            <SkeletonGroup label="機能の設定を読み込んでいます">
              {Array.from({ length: 6 }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
                <Skeleton key={index} className="h-14 w-full" />
              ))}
            </SkeletonGroup>
          ) : settings.isError ? (
            <LoadFailed
              title="機能の設定を読み込めませんでした"
              error={settings.error}
              onRetry={() => void settings.refetch()}
            />
          ) : (
            <ul className="flex flex-col divide-y divide-border" aria-label="機能の一覧">
              {settings.data.features.map((setting) => {
                const label = FEATURE_LABELS[setting.feature];
                const changed = differsFromDefault(setting);
                const defaultText = `既定: ${setting.default_enabled ? 'オン' : 'オフ'}。`;
                return (
                  <li
                    key={setting.feature}
                    className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-4"
                    data-testid={`feature-${setting.feature}`}
                  >
                    <div className="min-w-0 flex-1">
                      <SettingSwitch
                        label={label}
                        description={`${describeFeature(appNavItems, setting.feature)}${defaultText}`}
                        checked={setting.enabled}
                        badge={changed ? '変更済み' : '既定'}
                        busy={busy.has(setting.feature)}
                        onCheckedChange={(checked) =>
                          void change({ feature: setting.feature, enabled: checked })
                        }
                      />
                    </div>
                    {changed ? (
                      <Button
                        variant="outline"
                        size="sm"
                        className="w-fit self-end sm:self-center"
                        aria-label={`「${label}」を既定に戻す`}
                        disabled={busy.has(setting.feature)}
                        onClick={() => void change({ feature: setting.feature, enabled: null })}
                      >
                        <RotateCcw aria-hidden="true" />
                        既定に戻す
                      </Button>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )}
        </CardContent>
      </Card>

      {tenantId ? <SecuritySettingsCard tenantId={tenantId} /> : null}

      {tenantId && isFeatureEnabled(flags, 'customers') ? <PatientNumberCard tenantId={tenantId} /> : null}

      {tenantId && isFeatureEnabled(flags, 'notifications') ? (
        <NotificationDigestCard tenantId={tenantId} />
      ) : null}
    </div>
  );
}
