import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { withChunkLoadHandling } from '../errors/chunk-load';
import { RouteCrash } from '../errors/route-crash';
import { dashboardLoader } from '../routes/dashboard/dashboard-loader';
import { FullPageSpinner } from '../shell/full-page-spinner';
import { RootRoute } from '../shell/route-focus';
import { appRoutes, legacyLegalChecksPath } from './paths';

/**
 * Every route of the app. Each screen lives in routes/<url>/ and is loaded when it is first
 * visited (`lazy`); its module exports `Component` and, where its data can be fetched ahead,
 * a `loader` that prefetches into the shared query client.
 */
export const routes: RouteObject[] = [
  {
    // Every screen's title and the focus move to its heading on a change of screen (shell/route-focus).
    Component: RootRoute,
    errorElement: <RouteCrash />,
    // Shown while the first route's chunk and loader are on their way.
    HydrateFallback: FullPageSpinner,
    children: [
      { path: appRoutes.login.path, lazy: () => import('../routes/login/login-route') },
      {
        path: appRoutes.loginSuccess.path,
        lazy: () => import('../routes/login-success/login-success-route'),
      },
      {
        path: appRoutes.authCallback.path,
        lazy: () => import('../routes/auth-callback/auth-callback-route'),
      },
      // Public: works signed in or out (a newcomer creates an account there).
      { path: appRoutes.invite.path, lazy: () => import('../routes/invite/invite-route') },
      {
        // Protected routes: the route guard, the sidebar and the top bar (shell/).
        lazy: () => import('../shell/shell-route'),
        children: [
          {
            index: true,
            // Static, in the entry: its requests start alongside the route's chunks (see the loader).
            loader: dashboardLoader,
            lazy: () => import('../routes/dashboard/dashboard-route'),
          },

          // ── Customers (routes/customers/) ────────────────────────────────────────────────────
          { path: appRoutes.customers.path, lazy: () => import('../routes/customers/customers-route') },
          {
            path: appRoutes.customerDetail.path,
            lazy: () => import('../routes/customers/customer-detail-route'),
          },
          {
            path: appRoutes.customersTrash.path,
            lazy: () => import('../routes/customers-trash/customers-trash-route'),
          },
          {
            path: appRoutes.customerDuplicates.path,
            lazy: () => import('../routes/customer-duplicates/customer-duplicates-route'),
          },
          // ───────────────────────────────────────────────────────────────────────────────────

          { path: appRoutes.products.path, lazy: () => import('../routes/products/products-route') },
          {
            path: appRoutes.productDetail.path,
            lazy: () => import('../routes/products/product-detail-route'),
          },
          { path: appRoutes.chat.path, lazy: () => import('../routes/chat/chat-route') },
          { path: appRoutes.aiAssistant.path, lazy: () => import('../routes/aiassistant/aiassistant-route') },
          // ── Documents, legal check, knowledge base (routes/documents, legal-check, knowledge-base) ──
          { path: appRoutes.documents.path, lazy: () => import('../routes/documents/documents-route') },
          { path: appRoutes.legalCheck.path, lazy: () => import('../routes/legal-check/legal-check-route') },
          {
            path: appRoutes.deepResearch.path,
            lazy: () => import('../routes/deep-research/deep-research-route'),
          },
          {
            path: appRoutes.knowledgeBase.path,
            lazy: () => import('../routes/knowledge-base/knowledge-base-route'),
          },
          {
            path: appRoutes.invitations.path,
            lazy: () => import('../routes/invitations/invitations-route'),
          },
          { path: appRoutes.workflow.path, lazy: () => import('../routes/workflow/workflow-route') },
          // /marketing/* : the marketing screen and its 広告チェック (marketing-route.tsx).
          {
            path: `${appRoutes.marketing.path}/*`,
            lazy: () => import('../routes/marketing/marketing-route'),
          },
          { path: appRoutes.staff.path, lazy: () => import('../routes/staff/staff-route') },
          {
            path: appRoutes.tenantUsers.path,
            lazy: () => import('../routes/tenant-users/tenant-users-route'),
          },
          {
            path: appRoutes.notifications.path,
            lazy: () => import('../routes/notifications/notifications-route'),
          },
          {
            path: appRoutes.sessionManager.path,
            lazy: () => import('../routes/session-manager/session-manager-route'),
          },
          { path: appRoutes.auditLog.path, lazy: () => import('../routes/audit-log/audit-log-route') },
          { path: appRoutes.profile.path, lazy: () => import('../routes/profile/profile-route') },
          { path: appRoutes.settings.path, lazy: () => import('../routes/settings/settings-route') },
          { path: legacyLegalChecksPath, element: <Navigate to={appRoutes.documents.path} replace /> },
        ],
      },
      { path: '*', element: <Navigate to={appRoutes.home.path} replace /> },
    ],
  },
];

let router: ReturnType<typeof createBrowserRouter> | undefined;

/**
 * The app's one router, made on the first render rather than when the entry is evaluated: its
 * first navigation (matching, the route's chunk, the loaders) is then a task of its own after the
 * entry's, not added to that long task. Every lazy route: a chunk that fails or hangs (120 s) is a
 * ChunkLoadError, offered a reload.
 */
export function appRouter(): ReturnType<typeof createBrowserRouter> {
  router ??= createBrowserRouter(withChunkLoadHandling(routes));
  return router;
}
