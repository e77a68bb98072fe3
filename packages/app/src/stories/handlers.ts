import type { components } from '@tsumiki/api-client';
import { type HttpHandler, HttpResponse, http } from 'msw';
import { ADMIN_EMPTY, ADMIN_FULL, type AdminState, adminHandlers, page } from './admin-handlers';
import {
  type Customer,
  DEMO_CUSTOMERS,
  DEMO_DOCUMENTS,
  DEMO_FOLDERS,
  DEMO_INTERACTIONS,
  DEMO_KNOWLEDGE,
  DEMO_NOTIFICATIONS,
  type Notification,
} from './demo-records';
import { authUser, type DemoPerson, storedSession, tenantMe } from './session-fixture';
import { apiErrorResponse, catalogue, typedHandler } from './typed-handler';

/** The auth service (/auth/v1) as the server's embedded one answers a signed-in person. */
export function authHandlers(who: DemoPerson): HttpHandler[] {
  return [
    http.get('*/auth/v1/user', () => HttpResponse.json(authUser(who))),
    http.post('*/auth/v1/token', () => HttpResponse.json(storedSession(who))),
    http.post('*/auth/v1/logout', () => new HttpResponse(null, { status: 204 })),
    http.get('*/auth/v1/factors', () => HttpResponse.json([])),
  ];
}

/** The calls every signed-in screen makes: who is signed in, the features, the session, notifications. */
export function shellHandlers(who: DemoPerson): HttpHandler[] {
  return [
    ...authHandlers(who),
    typedHandler('get', '/api/auth/tenant/me', () => tenantMe(who)),
    typedHandler('get', '/api/tenant-features/my-features', () => ({})),
    typedHandler('get', '/api/sessions/current', () => ({
      session_id: '5e55e55e-0000-4000-8000-000000000001',
      status: 'active',
      expires_at: new Date(Date.now() + 7 * 60 * 60 * 1000).toISOString(),
      needs_refresh: false,
      show_warning: false,
      time_remaining_minutes: 420,
      security_events: [],
    })),
    typedHandler('get', '/api/tenant-settings/security', () => ({
      mfa_policy: 'off',
      screen_lock_minutes: 10,
      audit_log_retention_years: 5,
    })),
    typedHandler('get', '/api/notifications/stats', () => notificationStats(DEMO_NOTIFICATIONS)),
    // The live stream stays open and says nothing (the bell's count comes from the list and stats).
    http.get(
      '*/api/notifications/events',
      () =>
        new HttpResponse(new ReadableStream({ start() {} }), {
          headers: { 'content-type': 'text/event-stream' },
        }),
    ),
    typedHandler('post', '/api/errors/report', () => null),
    typedHandler('post', '/api/errors/report/batch', () => null),
  ];
}

function notificationStats(notifications: readonly Notification[]) {
  const count = (items: readonly Notification[]) => ({
    total: items.length,
    unread: items.filter((item) => !item.read).length,
  });
  const byCategory = (category: Notification['category']) =>
    count(notifications.filter((item) => item.category === category));
  const byType = (type: Notification['type']) => count(notifications.filter((item) => item.type === type));
  return {
    total: notifications.length,
    unread_count: notifications.filter((item) => !item.read).length,
    by_category: {
      customer: byCategory('customer'),
      interaction: byCategory('interaction'),
      document: byCategory('document'),
      ai_analysis: byCategory('ai_analysis'),
      user: byCategory('user'),
      system: byCategory('system'),
    },
    by_type: {
      success: byType('success'),
      warning: byType('warning'),
      error: byType('error'),
      info: byType('info'),
    },
  };
}

export interface DemoState {
  admin: AdminState;
  customers: Customer[];
  notifications: Notification[];
  interactions: typeof DEMO_INTERACTIONS;
  documents: typeof DEMO_DOCUMENTS;
  folders: typeof DEMO_FOLDERS;
  knowledge: typeof DEMO_KNOWLEDGE;
}

export const FULL: DemoState = {
  admin: ADMIN_FULL,
  customers: DEMO_CUSTOMERS,
  notifications: DEMO_NOTIFICATIONS,
  interactions: DEMO_INTERACTIONS,
  documents: DEMO_DOCUMENTS,
  folders: DEMO_FOLDERS,
  knowledge: DEMO_KNOWLEDGE,
};

export const EMPTY: DemoState = {
  admin: ADMIN_EMPTY,
  customers: [],
  notifications: [],
  interactions: [],
  documents: [],
  folders: [],
  knowledge: [],
};

/** The screens' reads answered from a state (full: the demo tenant; empty: a new tenant). */
export function dataHandlers(state: DemoState): HttpHandler[] {
  return [
    // First: /api/customers/trash before /api/customers/{id}.
    ...adminHandlers(state.admin),
    typedHandler('get', '/api/customers', ({ request }) => {
      const { skip, limit, url } = page(request);
      const q = url.searchParams.get('q')?.trim();
      const matches = q
        ? state.customers.filter((customer) =>
            [customer.last_name, customer.first_name, customer.last_name_kana, customer.first_name_kana]
              .join(' ')
              .includes(q),
          )
        : state.customers;
      return { total: matches.length, total_capped: false, customers: matches.slice(skip, skip + limit) };
    }),
    typedHandler('get', '/api/customers/assignees', () => ({ assignees: [] })),
    // Before /api/customers/{id}, which would take "duplicates" for an id.
    typedHandler('get', '/api/customers/duplicates', ({ request }) => {
      const { skip, limit } = page(request);
      const pairs = duplicatePairs(state.customers);
      return { total: pairs.length, pairs: pairs.slice(skip, skip + limit) };
    }),
    typedHandler('get', '/api/customers/merges', ({ request }) => {
      const { skip, limit } = page(request);
      const merges = recentMerges(state.customers);
      return { total: merges.length, merges: merges.slice(skip, skip + limit) };
    }),
    typedHandler('get', '/api/customers/{id}', ({ params }) => {
      const customer = state.customers.find((item) => item.id === params.id);
      return customer ?? apiErrorResponse(404, catalogue.notFound);
    }),
    typedHandler('get', '/api/interactions', ({ request }) => {
      const { skip, limit, url } = page(request);
      const from = url.searchParams.get('created_from');
      const matches = from
        ? state.interactions.filter((item) => item.created_at >= from)
        : state.interactions;
      return { total: matches.length, interactions: matches.slice(skip, skip + limit) };
    }),
    typedHandler('get', '/api/interactions/{customerId}', ({ request, params }) => {
      const { skip, limit } = page(request);
      const matches = state.interactions.filter((item) => item.customer_id === params.customerId);
      return { total: matches.length, interactions: matches.slice(skip, skip + limit) };
    }),
    typedHandler('get', '/api/notifications', ({ request }) => {
      const { skip, limit, url } = page(request);
      const unreadOnly = url.searchParams.get('unread_only') === 'true';
      const matches = unreadOnly ? state.notifications.filter((item) => !item.read) : state.notifications;
      return {
        total: matches.length,
        unread_count: state.notifications.filter((item) => !item.read).length,
        notifications: matches.slice(skip, skip + limit),
      };
    }),
    typedHandler('get', '/api/notifications/stats', () => notificationStats(state.notifications)),
    typedHandler('get', '/api/documents/', ({ request }) => {
      const { skip, limit } = page(request);
      return { total: state.documents.length, documents: state.documents.slice(skip, skip + limit) };
    }),
    typedHandler('get', '/api/folders/', () => ({ total: state.folders.length, folders: state.folders })),
    typedHandler('get', '/api/knowledge/legal_checks', ({ request }) => {
      const { skip, limit } = page(request);
      return { total: state.knowledge.length, documents: state.knowledge.slice(skip, skip + limit) };
    }),
    typedHandler('get', '/api/knowledge/chat/history', () => ({ total: 0, messages: [] })),
  ];
}

type DuplicatePair = components['schemas']['CustomerDuplicatePair'];

/**
 * The duplicate candidates of the demo: the first customers registered twice (same reading and
 * birth date, the second time with another patient number and the phone written differently).
 */
function duplicatePairs(customers: readonly Customer[]): DuplicatePair[] {
  const summary = (customer: Customer) => ({
    id: customer.id,
    last_name: customer.last_name,
    first_name: customer.first_name,
    last_name_kana: customer.last_name_kana,
    first_name_kana: customer.first_name_kana,
    patient_number: customer.patient_number,
    birth_date: customer.birth_date ?? null,
    phone: customer.phone ?? null,
    email: customer.email ?? null,
  });
  return customers.slice(0, 2).map((customer, index) => ({
    first: summary(customer),
    second: {
      ...summary(customer),
      id: `00000001-0000-4000-8000-00000000090${index + 1}`,
      patient_number: `P-19${String(index + 1).padStart(2, '0')}`,
    },
    reasons: index === 0 ? ['reading_and_birth_date', 'phone'] : ['reading_and_birth_date'],
  }));
}

type MergeEntry = components['schemas']['CustomerMergeEntry'];

/**
 * The recent merges of the demo (最近の統合): two records registered twice, merged two and nine
 * days before the stories' day by the admin, each undoable for 30 days from its merge.
 */
export function recentMerges(customers: readonly Customer[]): MergeEntry[] {
  const person = (customer: Customer) => ({
    id: customer.id,
    last_name: customer.last_name,
    first_name: customer.first_name,
    last_name_kana: customer.last_name_kana,
    first_name_kana: customer.first_name_kana,
    patient_number: customer.patient_number,
  });
  const mergedAt = ['2026-11-18T01:30:00.000Z', '2026-11-11T06:05:00.000Z'];
  return customers.slice(2, 4).map((customer, index) => {
    const at = mergedAt[index] as string;
    return {
      id: `00000001-0000-4000-8000-00000000095${index + 1}`,
      kept: person(customer),
      merged: {
        ...person(customer),
        id: `00000001-0000-4000-8000-00000000093${index + 1}`,
        first_name: index === 0 ? 'ひろし' : 'ゆうこ',
        patient_number: `P-29${String(index + 1).padStart(2, '0')}`,
      },
      merged_at: at,
      merged_by_name: index === 0 ? '佐藤 美咲' : null,
      undo_until: new Date(new Date(at).getTime() + 30 * 24 * 60 * 60 * 1000).toISOString(),
    };
  });
}

/** Everything a signed-in screen needs, in the full or the empty state. */
export function screenHandlers(who: DemoPerson, state: DemoState = FULL): HttpHandler[] {
  return [...dataHandlers(state), ...shellHandlers(who)];
}
