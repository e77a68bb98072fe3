import type { LightMyRequestResponse } from 'fastify';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthService } from '../src/auth/auth-service';
import { createApiHandlers } from '../src/modules';
import { FEATURES } from '../src/platform/access/features';
import { setFeatureSwitch } from '../src/platform/access/features.repository';
import type { AiProvider } from '../src/platform/ai/provider';
import type { Db } from '../src/platform/db/database';
import { withTenant } from '../src/platform/db/tenant-scope';
import type { FileStorage } from '../src/platform/files/storage';
import { registerApiRoutes } from '../src/platform/http/api-routes';
import { loadOpenApiDocument, type OperationPolicy, operationPolicies } from '../src/platform/http/openapi';
import type { JobQueue } from '../src/platform/jobs/jobs';
import type { TextIndex } from '../src/platform/search/text-index';
import { DEMO_TENANTS, DEMO_USERS } from '../src/seed/demo';
import { expectErrorEnvelope, expectMatchesContract } from './support/contract';
import { createUser } from './support/fixtures';
import { createTestServer, type TestServer } from './support/server';

const document = loadOpenApiDocument();
const policies = operationPolicies(document);
const planned = [...policies.values()].filter((policy) => policy.planned);
const SOME_ID = '3b0c8a52-6c1e-4f7a-9d2b-8e4f5a6b7c8d';
const NO_PERMISSIONS = 'nobody@sakura-clinic.example';

/** The planned operation's URL, with a well-formed id (and the given tenant where the path names one). */
function urlOf(policy: OperationPolicy, tenantId: string): string {
  return policy.path.replace('{tenantId}', tenantId).replace(/\{[A-Za-z]+\}/g, SOME_ID);
}

describe('planned operations', () => {
  let server: TestServer;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    server = await createTestServer();
    const owner = server.database.owner;
    await createUser(owner, {
      email: NO_PERMISSIONS,
      memberships: [{ tenantId: DEMO_TENANTS.sakura.id, role: 'user', permissions: [] }],
    });
    // さくら has every feature on (three are off by default); みどり has every feature off.
    for (const feature of FEATURES) {
      await withTenant(owner, DEMO_TENANTS.sakura.id, (tx) => setFeatureSwitch(tx, feature, true));
      await withTenant(owner, DEMO_TENANTS.midori.id, (tx) => setFeatureSwitch(tx, feature, false));
    }
    for (const email of [DEMO_USERS.sakuraAdmin.email, DEMO_USERS.midoriAdmin.email, NO_PERMISSIONS]) {
      tokens.set(email, (await server.signIn(email)).access_token);
    }
  });

  afterAll(async () => {
    await server.close();
  });

  function call(
    policy: OperationPolicy,
    email: string | null,
    tenantId?: string,
  ): Promise<LightMyRequestResponse> {
    return server.app.inject({
      method: policy.method as 'GET',
      url: urlOf(policy, tenantId ?? DEMO_TENANTS.sakura.id),
      headers: {
        ...(email ? { authorization: `Bearer ${tokens.get(email)}` } : {}),
        ...(tenantId && policy.tenantSource === 'header' ? { 'x-tenant-id': tenantId } : {}),
      },
    });
  }

  it('are the operations the contract marks with 501, and only those', () => {
    // Today the product implements every operation of the contract; a future planned
    // operation declares 501 and the checks below run over it (they pass vacuously meanwhile).
    expect(planned.map((policy) => policy.operationId)).toEqual([]);
    for (const policy of policies.values()) {
      const operation = document.paths[policy.path]?.[policy.method.toLowerCase()] as
        | { responses: Record<string, unknown> }
        | undefined;
      const declares501 = Object.hasOwn(operation?.responses ?? {}, '501');
      expect(policy.planned, policy.operationId).toBe(declares501);
    }
  });

  it('answer 501 SYS_005 to a member who passes every check, whatever the input', async () => {
    for (const policy of planned) {
      const response = await call(policy, DEMO_USERS.sakuraAdmin.email);
      expect(response.statusCode, policy.operationId).toBe(501);
      expectMatchesContract(policy.operationId, 501, response.json());
      expectErrorEnvelope(response.json(), 'SYS_005');
      expect(response.json().error).toMatchObject({
        category: 'system',
        severity: 'low',
        message: 'この機能は現在準備中です。',
        context: { operation: policy.operationId },
      });
    }
  });

  it('check the permission first: 403 AUTH_004 without it', async () => {
    for (const policy of planned) {
      const response = await call(policy, NO_PERMISSIONS);
      if (policy.permission) {
        expect(response.statusCode, policy.operationId).toBe(403);
        expectMatchesContract(policy.operationId, 403, response.json());
        expectErrorEnvelope(response.json(), 'AUTH_004');
        expect(response.json().error.context).toEqual({ permission: policy.permission });
      } else {
        // useInvitation and the error reports need nothing beyond being signed in.
        expect(response.statusCode, policy.operationId).toBe(501);
      }
    }
  });

  it("check the tenant first: 403 AUTH_005 for another tenant's id", async () => {
    for (const policy of planned.filter((candidate) => candidate.tenantScoped)) {
      const response = await call(policy, DEMO_USERS.midoriAdmin.email, DEMO_TENANTS.sakura.id);
      expect(response.statusCode, policy.operationId).toBe(403);
      expectErrorEnvelope(response.json(), 'AUTH_005');
    }
  });

  it('check the feature first: 403 FEAT_001 where the tenant switched it off', async () => {
    for (const policy of planned) {
      const response = await call(policy, DEMO_USERS.midoriAdmin.email, DEMO_TENANTS.midori.id);
      if (policy.feature) {
        expect(response.statusCode, policy.operationId).toBe(403);
        expectErrorEnvelope(response.json(), 'FEAT_001');
        expect(response.json().error.context).toEqual({ feature: policy.feature });
      } else {
        expect(response.statusCode, policy.operationId).toBe(501);
      }
    }
  });

  it('check the token first: 401 AUTH_001 without one', async () => {
    for (const policy of planned) {
      const response = await call(policy, null);
      expect(response.statusCode, policy.operationId).toBe(401);
      expectErrorEnvelope(response.json(), 'AUTH_001');
    }
  });

  it('take a real multipart upload to the checks (not 415), and a malformed tenant id to 422', async () => {
    const boundary = '----tsumiki-test';
    const payload = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="見積書.txt"',
      'Content-Type: text/plain',
      '',
      '見積書の本文',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const upload = await server.app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      headers: {
        authorization: `Bearer ${tokens.get(DEMO_USERS.sakuraAdmin.email)}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    // Uploads are built now: it passes the access checks and is kept.
    expect(upload.statusCode).toBe(201);
    expect(upload.json()).toMatchObject({ file_name: '見積書.txt', content_type: 'text/plain' });

    const malformed = await server.app.inject({
      method: 'POST',
      url: '/api/tenants/not-a-uuid/users',
      headers: { authorization: `Bearer ${tokens.get(DEMO_USERS.sakuraAdmin.email)}` },
    });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().error.validation_errors).toEqual([
      { field: 'tenantId', message: 'ID の形式が正しくありません' },
    ]);
  });
});

describe('the route layer refuses a contract it cannot serve', () => {
  const handlers = createApiHandlers({
    db: {} as Db,
    document,
    sessions: { now: () => new Date(), sessionTtlSeconds: 60 },
    databaseNotifications: null,
    // Never called here: only the table of handlers is checked (modules register their workers).
    files: {} as FileStorage,
    jobs: { work() {}, schedule() {} } as unknown as JobQueue,
    ai: {} as AiProvider,
    textIndex: {} as TextIndex,
    mailer: null,
    publicUrl: null,
  });
  const register = (spec: typeof document, table: Partial<typeof handlers> = handlers) =>
    registerApiRoutes(Fastify(), {
      document: spec,
      policies: operationPolicies(spec),
      handlers: table as typeof handlers,
      authService: {} as AuthService,
      db: {} as Db,
      files: {} as FileStorage,
      accessLogReads: true,
    });

  it('when an operation the contract implements (no 501) has no handler', async () => {
    const { getProduct: _missing, ...withoutOne } = handlers;
    await expect(register(structuredClone(document), withoutOne)).rejects.toThrow(/getProduct/);
  });

  it('when an implemented operation is declared planned', async () => {
    const spec = structuredClone(document);
    const health = spec.paths['/api/health'] as { get: { responses: Record<string, unknown> } };
    health.get.responses['501'] = { $ref: '#/components/responses/NotImplemented' };
    await expect(register(spec)).rejects.toThrow(/getHealth/);
  });
});
