// Compile-time proof that the MSW handlers follow the contract: each `@ts-expect-error` below is a
// drift (a renamed path, a renamed field, a wrong type, a method the path lacks). If the typing of
// typedHandler stopped catching it, the directive would be unused and `tsc` (the app's typecheck)
// would fail. Nothing here runs.
import { typedHandler } from './typed-handler';

export const typeTests = [
  // The contract's own shapes compile.
  typedHandler('get', '/api/customers', () => ({ total: 0, total_capped: false, customers: [] })),
  typedHandler('get', '/api/customers/{id}', ({ params }) => {
    void params.id;
    return new Response(null, { status: 404 });
  }),

  // @ts-expect-error a path the contract does not have (renamed /api/customers)
  typedHandler('get', '/api/clients', () => ({ total: 0 })),

  // @ts-expect-error the list's field renamed (customers → clients)
  typedHandler('get', '/api/customers', () => ({ total: 0, total_capped: false, clients: [] })),

  // @ts-expect-error a required field missing (total_capped)
  typedHandler('get', '/api/customers', () => ({ total: 0, customers: [] })),

  // @ts-expect-error a field of the wrong type
  typedHandler('get', '/api/notifications/stats', () => ({ total: '3' })),

  // @ts-expect-error a method the path does not have
  typedHandler('put', '/api/customers', () => null),

  typedHandler('get', '/api/sessions/current', () => ({
    session_id: 's',
    // @ts-expect-error a value outside the contract's enum
    status: 'paused',
    expires_at: '2026-11-20T00:00:00Z',
    needs_refresh: false,
    show_warning: false,
    time_remaining_minutes: 1,
    security_events: [],
  })),
];
