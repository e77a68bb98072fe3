import type { HttpHandler } from 'msw';
import {
  DEMO_AUDIT_LOG,
  DEMO_FEATURES,
  DEMO_INVITATIONS,
  DEMO_PRODUCTS,
  DEMO_REPORTS,
  DEMO_SESSIONS,
  DEMO_STAFF,
  DEMO_TENANT_USERS,
  DEMO_TRASH,
} from './demo-records-admin';
import { apiErrorResponse, catalogue, typedHandler } from './typed-handler';

/** skip/limit of a list request, with the contract's defaults. */
export function page(request: Request, defaultLimit = 20): { skip: number; limit: number; url: URL } {
  const url = new URL(request.url);
  return {
    url,
    skip: Number(url.searchParams.get('skip') ?? 0),
    limit: Number(url.searchParams.get('limit') ?? defaultLimit),
  };
}

function slice<T>(request: Request, items: readonly T[]): T[] {
  const { skip, limit } = page(request);
  return items.slice(skip, skip + limit);
}

export interface AdminState {
  products: typeof DEMO_PRODUCTS;
  staff: typeof DEMO_STAFF;
  invitations: typeof DEMO_INVITATIONS;
  tenantUsers: typeof DEMO_TENANT_USERS;
  sessions: typeof DEMO_SESSIONS;
  auditLog: typeof DEMO_AUDIT_LOG;
  reports: typeof DEMO_REPORTS;
  trash: typeof DEMO_TRASH;
}

export const ADMIN_FULL: AdminState = {
  products: DEMO_PRODUCTS,
  staff: DEMO_STAFF,
  invitations: DEMO_INVITATIONS,
  tenantUsers: DEMO_TENANT_USERS,
  sessions: DEMO_SESSIONS,
  auditLog: DEMO_AUDIT_LOG,
  reports: DEMO_REPORTS,
  trash: DEMO_TRASH,
};

export const ADMIN_EMPTY: AdminState = {
  products: [],
  staff: [],
  invitations: [],
  // A tenant always has its administrator, and a signed-in person their own session.
  tenantUsers: DEMO_TENANT_USERS.slice(0, 1),
  sessions: DEMO_SESSIONS.slice(0, 1),
  auditLog: [],
  reports: [],
  trash: [],
};

/** The reads of the products, staff, people, sessions, log, research and settings screens. */
export function adminHandlers(state: AdminState): HttpHandler[] {
  return [
    typedHandler('get', '/api/products/', ({ request }) => ({
      total: state.products.length,
      products: slice(request, state.products),
    })),
    typedHandler('get', '/api/products/{id}', ({ params }) => {
      const product = state.products.find((item) => item.id === params.id);
      return product ?? apiErrorResponse(404, catalogue.notFound);
    }),
    typedHandler('get', '/api/staff/', ({ request }) => ({
      total: state.staff.length,
      staff: slice(request, state.staff),
    })),
    typedHandler('get', '/api/invitations/', ({ request }) => ({
      total: state.invitations.length,
      invitations: slice(request, state.invitations),
    })),
    typedHandler('get', '/api/tenant-users', ({ request }) => ({
      total: state.tenantUsers.length,
      users: slice(request, state.tenantUsers),
    })),
    typedHandler('get', '/api/sessions', () => ({ total: state.sessions.length, sessions: state.sessions })),
    typedHandler('get', '/api/audit-log', ({ request }) => ({
      total: state.auditLog.length,
      total_capped: false,
      entries: slice(request, state.auditLog),
    })),
    typedHandler('get', '/api/research/reports', ({ request }) => ({
      total: state.reports.length,
      reports: slice(request, state.reports),
    })),
    typedHandler('get', '/api/customers/trash', ({ request }) => ({
      total: state.trash.length,
      customers: slice(request, state.trash),
    })),
    typedHandler('get', '/api/tenant-features', () => ({ features: DEMO_FEATURES })),
    typedHandler('get', '/api/tenant-settings/patient-numbers', () => ({
      prefix: 'P-',
      width: 4,
      next_number: 'P-1037',
    })),
    typedHandler('get', '/api/notification-digest', () => ({
      enabled: true,
      hour: 8,
      mail_configured: false,
      last_sent_at: null,
    })),
  ];
}
