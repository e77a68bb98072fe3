/**
 * The access harness: every operation of the contract, implemented or planned, called as
 *   - nobody (no token)                         → 401 AUTH_001
 *   - a member of another tenant                → 403 AUTH_005
 *   - a member without the operation's permission → 403 AUTH_004
 *   - a member of a tenant with the feature off → 403 FEAT_001
 *   - a member, with another tenant's real record id → 404 RES_001 (planned: 501), row unchanged.
 * The table is the contract itself; a new module adds a record fixture (record-fixtures.ts).
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURES } from '../../src/platform/access/features';
import { setFeatureSwitch } from '../../src/platform/access/features.repository';
import { insertTenant } from '../../src/platform/access/tenants.repository';
import { withTenant } from '../../src/platform/db/tenant-scope';
import {
  loadOpenApiDocument,
  type OperationPolicy,
  operationPolicies,
} from '../../src/platform/http/openapi';
import { DEMO_TENANTS, DEMO_USERS } from '../../src/seed/demo';
import { expectErrorEnvelope } from '../support/contract';
import { createUser } from '../support/fixtures';
import { createTestServer, type TestServer } from '../support/server';
import { BODY_RECORD_IDS, type RecordFixture, recordFixtures } from './record-fixtures';

const document = loadOpenApiDocument();
const policies = [...operationPolicies(document).values()];
const guarded = policies.filter((policy) => policy.authenticated);
/** A token is optional (`security: [{}, {bearerAuth: []}]`): the client error reports. */
const optional = policies.filter((policy) => policy.optionalAuthentication);
const SOME_ID = '3b0c8a52-6c1e-4f7a-9d2b-8e4f5a6b7c8d';
const NO_PERMISSIONS = 'no-permissions@sakura-clinic.example';
const FEATURELESS_ADMIN = 'admin@featureless.example';
const FEATURELESS_TENANT = '0b5f3c1e-9a4d-4e2b-8c7f-6d1a2b3c4d5e';

function tagOf(policy: OperationPolicy): string {
  const operation = document.paths[policy.path]?.[policy.method.toLowerCase()] as { tags?: string[] };
  return operation.tags?.[0] ?? '';
}

/** Path parameters that name a record (the tenant in the path is the tenant, not a record). */
function recordParameters(policy: OperationPolicy): string[] {
  return [...policy.path.matchAll(/\{([A-Za-z]+)\}/g)]
    .map((match) => match[1] ?? '')
    .filter((name) => name !== 'tenantId');
}

function fixtureFor(tag: string, parameter: string): RecordFixture | undefined {
  return recordFixtures.find((fixture) => fixture.tag === tag && fixture.parameter === parameter);
}

describe('access harness: every operation of the contract', () => {
  let server: TestServer;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    server = await createTestServer();
    const owner = server.database.owner;
    await createUser(owner, {
      email: NO_PERMISSIONS,
      memberships: [{ tenantId: DEMO_TENANTS.sakura.id, role: 'user', permissions: [] }],
    });
    await insertTenant(owner, { id: FEATURELESS_TENANT, name: '機能オフ医院', plan: 'basic' });
    await createUser(owner, {
      email: FEATURELESS_ADMIN,
      isSuperAdmin: true,
      memberships: [{ tenantId: FEATURELESS_TENANT, role: 'admin', permissions: [] }],
    });
    await withTenant(owner, FEATURELESS_TENANT, async (tx) => {
      for (const feature of FEATURES) await setFeatureSwitch(tx, feature, false);
    });
    // さくら has every feature on (three are off by default).
    await withTenant(owner, DEMO_TENANTS.sakura.id, async (tx) => {
      for (const feature of FEATURES) await setFeatureSwitch(tx, feature, true);
    });
    for (const email of [
      DEMO_USERS.sakuraAdmin.email,
      DEMO_USERS.midoriAdmin.email,
      NO_PERMISSIONS,
      FEATURELESS_ADMIN,
    ]) {
      tokens.set(email, (await server.signIn(email)).access_token);
    }
  });

  afterAll(async () => {
    await server.close();
  });

  function call(
    policy: OperationPolicy,
    options: { email?: string; tenantId?: string; ids?: Record<string, string>; body?: unknown } = {},
  ): Promise<LightMyRequestResponse> {
    const tenantInPath = options.tenantId ?? DEMO_TENANTS.sakura.id;
    const url = policy.path
      .replace('{tenantId}', tenantInPath)
      .replace(/\{([A-Za-z]+)\}/g, (_match, name: string) => options.ids?.[name] ?? SOME_ID);
    return server.app.inject({
      method: policy.method as 'GET',
      url,
      headers: {
        ...(options.email ? { authorization: `Bearer ${tokens.get(options.email)}` } : {}),
        ...(options.tenantId && policy.tenantSource === 'header' ? { 'x-tenant-id': options.tenantId } : {}),
      },
      ...(options.body === undefined ? {} : { payload: options.body as object }),
    });
  }

  it('covers every operation of the contract', () => {
    expect(policies.length).toBeGreaterThanOrEqual(84);
    // Health, the contract and the invitation preview (/invite before signing in) are public; a
    // token is optional for the two error reports.
    expect(guarded.length).toBe(policies.length - 5);
    expect(optional.map((policy) => policy.operationId).sort()).toEqual([
      'reportClientError',
      'reportClientErrors',
    ]);
  });

  /** A valid body for each operation a token is optional for. */
  function optionalBody(policy: OperationPolicy): unknown {
    const submission = {
      error: {
        id: crypto.randomUUID(),
        type: 'TypeError',
        severity: 'low',
        category: 'system',
        message: 'access harness',
        recoverable: true,
        userImpact: 'none',
      },
      reportedAt: new Date().toISOString(),
    };
    return policy.operationId === 'reportClientErrors' ? { reports: [submission] } : submission;
  }

  it.each(optional.map((policy) => [policy.operationId, policy] as const))(
    '%s: accepted without a token; 401 AUTH_001 with an invalid one',
    async (_id, policy) => {
      const anonymous = await call(policy, { body: optionalBody(policy) });
      expect(anonymous.statusCode).toBe(202);
      const forged = await server.app.inject({
        method: policy.method as 'POST',
        url: policy.path,
        headers: { authorization: 'Bearer not.a.token' },
        payload: optionalBody(policy) as object,
      });
      expect(forged.statusCode).toBe(401);
      expectErrorEnvelope(forged.json(), 'AUTH_001');
    },
  );

  it.each(optional.map((policy) => [policy.operationId, policy] as const))(
    '%s: 403 AUTH_005 for a member of another tenant naming this one',
    async (_id, policy) => {
      const response = await call(policy, {
        email: DEMO_USERS.midoriAdmin.email,
        tenantId: DEMO_TENANTS.sakura.id,
        body: optionalBody(policy),
      });
      expect(response.statusCode).toBe(403);
      expectErrorEnvelope(response.json(), 'AUTH_005');
    },
  );

  it.each(guarded.map((policy) => [policy.operationId, policy] as const))(
    '%s: 401 AUTH_001 without a token',
    async (_id, policy) => {
      const response = await call(policy);
      expect(response.statusCode).toBe(401);
      expectErrorEnvelope(response.json(), 'AUTH_001');
    },
  );

  it.each(
    guarded.filter((policy) => policy.tenantScoped).map((policy) => [policy.operationId, policy] as const),
  )('%s: 403 AUTH_005 for a member of another tenant', async (_id, policy) => {
    const response = await call(policy, {
      email: DEMO_USERS.midoriAdmin.email,
      tenantId: DEMO_TENANTS.sakura.id,
    });
    expect(response.statusCode).toBe(403);
    expectErrorEnvelope(response.json(), 'AUTH_005');
  });

  it.each(
    guarded.filter((policy) => policy.permission).map((policy) => [policy.operationId, policy] as const),
  )('%s: 403 AUTH_004 without the permission', async (_id, policy) => {
    const response = await call(policy, { email: NO_PERMISSIONS });
    expect(response.statusCode).toBe(403);
    expectErrorEnvelope(response.json(), 'AUTH_004');
    expect(response.json().error.context).toEqual({ permission: policy.permission });
  });

  it.each(guarded.filter((policy) => policy.feature).map((policy) => [policy.operationId, policy] as const))(
    '%s: 403 FEAT_001 where the tenant switched the feature off',
    async (_id, policy) => {
      const response = await call(policy, { email: FEATURELESS_ADMIN, tenantId: FEATURELESS_TENANT });
      expect(response.statusCode).toBe(403);
      expectErrorEnvelope(response.json(), 'FEAT_001');
      expect(response.json().error.context).toEqual({ feature: policy.feature });
    },
  );

  const withRecordIds = guarded.filter(
    (policy) =>
      policy.tenantScoped && (recordParameters(policy).length > 0 || policy.operationId in BODY_RECORD_IDS),
  );

  it('has a record fixture for every implemented operation that takes a record id', () => {
    const missing = withRecordIds
      .filter((policy) => !policy.planned)
      .flatMap((policy) => {
        const parameters = BODY_RECORD_IDS[policy.operationId]
          ? [BODY_RECORD_IDS[policy.operationId]?.parameter ?? '']
          : recordParameters(policy);
        return parameters
          .filter((parameter) => !fixtureFor(tagOf(policy), parameter))
          .map((parameter) => `${policy.operationId} {${parameter}}`);
      });
    expect(missing).toEqual([]);
  });

  it.each(withRecordIds.map((policy) => [policy.operationId, policy] as const))(
    "%s: another tenant's real record id answers 404 RES_001 and leaves the record as it was",
    async (_id, policy) => {
      const owner = server.database.owner;
      const inBody = BODY_RECORD_IDS[policy.operationId];
      const parameters = inBody ? [inBody.parameter] : recordParameters(policy);
      const fixtures = parameters.map((parameter) => fixtureFor(inBody?.tag ?? tagOf(policy), parameter));
      const ids: Record<string, string> = {};
      const before: unknown[] = [];
      for (const [index, parameter] of parameters.entries()) {
        const fixture = fixtures[index];
        if (!fixture) continue; // a planned resource has no table yet: a well-formed id stands in
        ids[parameter] = await fixture.create(owner, DEMO_TENANTS.midori.id);
        before.push(await fixture.snapshot(owner, DEMO_TENANTS.midori.id, ids[parameter]));
      }
      const bodyOf = fixtures.find((fixture) => fixture?.bodies?.[policy.operationId])?.bodies?.[
        policy.operationId
      ];
      const body = bodyOf ? bodyOf(ids[parameters[0] ?? ''] ?? SOME_ID) : undefined;

      const response = await call(policy, {
        email: DEMO_USERS.sakuraAdmin.email,
        ids: inBody ? {} : ids,
        ...(body === undefined ? {} : { body }),
      });
      if (policy.planned) {
        expect(response.statusCode).toBe(501);
      } else {
        expect(response.statusCode).toBe(404);
        expectErrorEnvelope(response.json(), 'RES_001');
      }
      const after: unknown[] = [];
      for (const [index, parameter] of parameters.entries()) {
        const fixture = fixtures[index];
        if (fixture) after.push(await fixture.snapshot(owner, DEMO_TENANTS.midori.id, ids[parameter] ?? ''));
      }
      expect(after).toEqual(before);
    },
  );
});
