import { ScreenLockGate } from '../features/two-factor/screen-lock/screen-lock-gate';
import { OfflineGate } from '../updates/offline-gate';
import { MainLayout } from './main-layout';
import { RequireAuth } from './require-auth';

/**
 * The protected routes' parent: the screen lock, the route guard, then the sidebar and top bar around the screen
 * (the offline shell instead while a reload offline cannot load the user).
 */
export function Component() {
  return (
    <OfflineGate>
      <ScreenLockGate>
        <RequireAuth>
          <MainLayout />
        </RequireAuth>
      </ScreenLockGate>
    </OfflineGate>
  );
}
