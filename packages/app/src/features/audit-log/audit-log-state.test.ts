import { describe, expect, it } from 'vitest';
import { auditLogQuery, parseAuditLogState, serializeAuditLogState } from './audit-log-state';

const CUSTOMER = '6f1c2a4e-3b5d-4e8f-9a1b-2c3d4e5f6a99';

describe('the access log state in the URL', () => {
  it('reads the filters, drops what is malformed, and writes back without defaults', () => {
    const state = parseAuditLogState(
      new URLSearchParams(
        `customer=${CUSTOMER}&user=nope&action=customer.read&from=2026-11-01&to=2026-13-40&page=2`,
      ),
    );
    expect(state).toEqual({
      user: '',
      customer: CUSTOMER,
      action: 'customer.read',
      from: '2026-11-01',
      to: '',
      page: 2,
    });
    expect(serializeAuditLogState(state).toString()).toBe(
      `customer=${CUSTOMER}&action=customer.read&from=2026-11-01&page=2`,
    );
    expect(parseAuditLogState(new URLSearchParams('action=customer.steal')).action).toBe('');
  });

  it("asks the API for the tenant's days, both included", () => {
    const state = parseAuditLogState(new URLSearchParams('from=2026-11-01&to=2026-11-30'));
    expect(auditLogQuery(state, 'Asia/Tokyo')).toEqual({
      skip: 0,
      limit: 50,
      from: '2026-10-31T15:00:00.000Z',
      to: '2026-11-30T15:00:00.000Z',
    });
  });
});
