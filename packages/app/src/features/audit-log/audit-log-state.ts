import { type AccessAction, contractEnums } from '@tsumiki/api-client';
import type { AuditLogQuery } from '@tsumiki/api-client/react';
import { nextDay, startOfDay } from '../../lib/format';

/**
 * The access log's state lives in the URL (`?user=&customer=&action=&from=&to=&page=`), so back,
 * reload and a shared link (the customer page's 「この顧客の閲覧・操作履歴」) show the same rows.
 * The period is two days of the tenant's calendar, both included.
 */

export const AUDIT_LOG_PAGE_SIZE = 50;

export interface AuditLogListState {
  user: string;
  customer: string;
  action: AccessAction | '';
  /** YYYY-MM-DD, included. */
  from: string;
  /** YYYY-MM-DD, included. */
  to: string;
  /** 1-based. */
  page: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function uuidOrEmpty(value: string | null): string {
  return value && UUID.test(value) ? value : '';
}

function dateOrEmpty(value: string | null): string {
  return value && DATE.test(value) && !Number.isNaN(Date.parse(value)) && !value.startsWith('0000')
    ? value
    : '';
}

/** Reads the state from the query string; anything malformed falls back to its default. */
export function parseAuditLogState(params: URLSearchParams): AuditLogListState {
  const pageParam = Number(params.get('page'));
  const action = params.get('action') ?? '';
  return {
    user: uuidOrEmpty(params.get('user')),
    customer: uuidOrEmpty(params.get('customer')),
    action: (contractEnums.AccessAction as readonly string[]).includes(action)
      ? (action as AccessAction)
      : '',
    from: dateOrEmpty(params.get('from')),
    to: dateOrEmpty(params.get('to')),
    page: Number.isSafeInteger(pageParam) && pageParam >= 1 ? pageParam : 1,
  };
}

/** The query string for a state, without the defaults. */
export function serializeAuditLogState(state: AuditLogListState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['user', 'customer', 'action', 'from', 'to'] as const) {
    if (state[key]) params.set(key, state[key]);
  }
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The filters of a state as the API takes them (the period as instants of the tenant's days). */
export function auditLogFilters(state: AuditLogListState, timeZone?: string) {
  return {
    ...(state.user ? { user_id: state.user } : {}),
    ...(state.customer ? { customer_id: state.customer } : {}),
    ...(state.action ? { action: state.action } : {}),
    ...(state.from ? { from: startOfDay(state.from, timeZone) } : {}),
    ...(state.to ? { to: startOfDay(nextDay(state.to), timeZone) } : {}),
  };
}

/** The API query of a state: the filters and a page of AUDIT_LOG_PAGE_SIZE. */
export function auditLogQuery(state: AuditLogListState, timeZone?: string): AuditLogQuery {
  return {
    skip: (state.page - 1) * AUDIT_LOG_PAGE_SIZE,
    limit: AUDIT_LOG_PAGE_SIZE,
    ...auditLogFilters(state, timeZone),
  };
}

export function isAuditLogFiltered(state: AuditLogListState): boolean {
  return (
    state.user !== '' || state.customer !== '' || state.action !== '' || state.from !== '' || state.to !== ''
  );
}
