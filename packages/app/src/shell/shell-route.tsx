import { MainLayout } from './main-layout';
import { RequireAuth } from './require-auth';

/** The protected routes' parent: the route guard, then the sidebar and top bar around the screen. */
export function Component() {
  return (
    <RequireAuth>
      <MainLayout />
    </RequireAuth>
  );
}
