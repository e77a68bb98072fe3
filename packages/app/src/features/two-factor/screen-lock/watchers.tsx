import type { TenantId } from '@tsumiki/api-client/react';
import { MfaRefusalWatcher } from '../mfa-refusals';
import { IdleWatcher } from './idle-watcher';

/**
 * What runs while the signed-in screens are open: the screen lock's idle watcher and the watcher
 * that leads to the second factor when a call is refused for it. One component, loaded with the
 * rest of sign-in security (shell/security-parts.ts).
 */
export function OpenScreensWatchers({ tenantId, onIdle }: { tenantId: TenantId; onIdle: () => void }) {
  return (
    <>
      <IdleWatcher tenantId={tenantId} onIdle={onIdle} />
      <MfaRefusalWatcher />
    </>
  );
}
