import { describe, expect, it } from 'vitest';
import { PREFECTURES } from '../src/modules/addresses/prefectures';
import { FEATURES } from '../src/platform/access/features';
import { ALL_PERMISSIONS, ROLE_PERMISSIONS } from '../src/platform/access/permissions';
import { loadOpenApiDocument, operationPolicies, TENANT_HEADER } from '../src/platform/http/openapi';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** [method, path, x-permission, x-feature] — null where the operation has none. */
type Call = readonly [Method, string, string | null, string | null];

/** Every call of SPEC §7, method and path exactly as listed there (trailing slashes included). */
const SPEC_CALLS: readonly Call[] = [
  ['GET', '/api/auth/tenant/me', null, null],
  ['GET', '/api/tenant-features/my-features', null, null],
  // Customers
  ['GET', '/api/customers', 'customers.read', 'customers'],
  ['POST', '/api/customers', 'customers.write', 'customers'],
  ['GET', '/api/customers/{id}', 'customers.read', 'customers'],
  ['PUT', '/api/customers/{id}', 'customers.write', 'customers'],
  ['DELETE', '/api/customers/{id}', 'customers.delete', 'customers'],
  // Interactions
  ['GET', '/api/interactions', 'interactions.read', 'customers'],
  ['GET', '/api/interactions/{customerId}', 'interactions.read', 'customers'],
  ['POST', '/api/interactions', 'interactions.write', 'customers'],
  // Chat, AI assistant
  ['POST', '/api/chat', 'ai.use', 'chat'],
  ['POST', '/api/aiassistant/', 'ai.use', 'staff_chat'],
  // Documents
  ['POST', '/api/documents/upload', 'documents.write', 'documents'],
  ['POST', '/api/documents/upload-multiple', 'documents.write', 'documents'],
  ['GET', '/api/documents/', 'documents.read', 'documents'],
  ['GET', '/api/documents/{id}', 'documents.read', 'documents'],
  ['DELETE', '/api/documents/{id}', 'documents.delete', 'documents'],
  ['POST', '/api/documents/search', 'documents.read', 'documents'],
  ['POST', '/api/documents/semantic-search', 'documents.read', 'documents'],
  ['PUT', '/api/documents/{id}/move', 'documents.write', 'documents'],
  // Staff
  ['GET', '/api/staff/', 'staff.read', 'staff_management'],
  ['POST', '/api/staff/', 'staff.write', 'staff_management'],
  ['GET', '/api/staff/{id}', 'staff.read', 'staff_management'],
  ['PUT', '/api/staff/{id}', 'staff.write', 'staff_management'],
  ['DELETE', '/api/staff/{id}', 'staff.delete', 'staff_management'],
  ['GET', '/api/staff/search', 'staff.read', 'staff_management'],
  // Products
  ['GET', '/api/products/', 'products.read', 'products'],
  ['POST', '/api/products/', 'products.write', 'products'],
  ['GET', '/api/products/{id}', 'products.read', 'products'],
  ['PUT', '/api/products/{id}', 'products.write', 'products'],
  ['DELETE', '/api/products/{id}', 'products.delete', 'products'],
  ['GET', '/api/products/search', 'products.read', 'products'],
  ['POST', '/api/products/{id}/analyze', 'ai.use', 'products'],
  // Invitations (using one is for someone who is not a member yet)
  ['GET', '/api/invitations/', 'invitations.read', 'invitations'],
  ['POST', '/api/invitations/', 'invitations.write', 'invitations'],
  ['POST', '/api/invitations/use', null, null],
  ['DELETE', '/api/invitations/{id}', 'invitations.delete', 'invitations'],
  // Workflow
  ['POST', '/api/workflow/create', 'ai.use', 'workflow_ai'],
  ['POST', '/api/workflow/review', 'ai.use', 'workflow_ai'],
  ['POST', '/api/workflow/optimize', 'ai.use', 'workflow_ai'],
  // Marketing
  ['POST', '/api/marketing/customer-analysis', 'ai.use', 'marketing_ai'],
  ['POST', '/api/marketing/campaign-proposal', 'ai.use', 'marketing_ai'],
  ['POST', '/api/marketing/competitor-analysis', 'ai.use', 'marketing_ai'],
  ['POST', '/api/marketing/content-calendar', 'ai.use', 'marketing_ai'],
  // Notifications
  ['GET', '/api/notifications', 'notifications.read', 'notifications'],
  ['GET', '/api/notifications/stats', 'notifications.read', 'notifications'],
  ['GET', '/api/notifications/{id}', 'notifications.read', 'notifications'],
  ['PATCH', '/api/notifications/{id}', 'notifications.write', 'notifications'],
  ['POST', '/api/notifications/mark-as-read', 'notifications.write', 'notifications'],
  ['POST', '/api/notifications/mark-all-as-read', 'notifications.write', 'notifications'],
  // Folders
  ['GET', '/api/folders/', 'documents.read', 'documents'],
  ['POST', '/api/folders/', 'documents.write', 'documents'],
  ['GET', '/api/folders/{id}', 'documents.read', 'documents'],
  ['PUT', '/api/folders/{id}', 'documents.write', 'documents'],
  ['DELETE', '/api/folders/{id}', 'documents.delete', 'documents'],
  ['POST', '/api/folders/{id}/move', 'documents.write', 'documents'],
  // Research
  ['POST', '/api/research/customer', 'research.use', 'deep_research'],
  ['POST', '/api/research/customer/{id}', 'research.use', 'deep_research'],
  ['POST', '/api/research/competitor', 'research.use', 'deep_research'],
  ['POST', '/api/research/customer/pdf', 'research.use', 'deep_research'],
  ['POST', '/api/research/competitor/pdf', 'research.use', 'deep_research'],
  // Knowledge
  ['POST', '/api/knowledge/upload', 'knowledge.write', 'legal_check'],
  ['GET', '/api/knowledge/legal_checks', 'knowledge.read', 'legal_check'],
  ['DELETE', '/api/knowledge/legal_checks/{id}', 'knowledge.delete', 'legal_check'],
  ['POST', '/api/knowledge/chat', 'ai.use', 'legal_check'],
  ['GET', '/api/knowledge/chat/history', 'ai.use', 'legal_check'],
  ['PATCH', '/api/knowledge/chat/{id}/feedback', 'ai.use', 'legal_check'],
  // Tenant users
  ['GET', '/api/tenant-users', 'tenant_users.read', 'tenant_users'],
  ['POST', '/api/tenants/{tenantId}/users', 'tenant_users.write', 'tenant_users'],
  ['PUT', '/api/tenant-users/{id}', 'tenant_users.write', 'tenant_users'],
  ['POST', '/api/tenant-users/{id}/toggle-status', 'tenant_users.write', 'tenant_users'],
  // Error reporting (signed in is enough)
  ['POST', '/api/errors/report', null, null],
  ['POST', '/api/errors/report/batch', null, null],
];

/** The calls added beside SPEC §7: health, the contract itself, sessions (replacing the mock), and more. */
const EXTRA_CALLS: readonly Call[] = [
  ['GET', '/api/health', null, null],
  ['GET', '/api/openapi.json', null, null],
  ['GET', '/api/sessions/current', null, null],
  ['POST', '/api/sessions/current/extend', null, null],
  ['GET', '/api/sessions', null, 'session_management'],
  ['DELETE', '/api/sessions/{id}', null, 'session_management'],
  // Customers, whole: assignee choice, soft-delete undo, CSV, addresses from postal codes.
  ['GET', '/api/customers/assignees', 'customers.read', 'customers'],
  ['GET', '/api/customers/export', 'customers.read', 'customers'],
  ['POST', '/api/customers/import', 'customers.write', 'customers'],
  // The background import of a large CSV: start, progress, recent ones, cancel, error report.
  ['GET', '/api/customers/imports', 'customers.write', 'customers'],
  ['POST', '/api/customers/imports', 'customers.write', 'customers'],
  ['GET', '/api/customers/imports/{id}', 'customers.write', 'customers'],
  ['POST', '/api/customers/imports/{id}/cancel', 'customers.write', 'customers'],
  ['GET', '/api/customers/imports/{id}/duplicates', 'customers.write', 'customers'],
  ['POST', '/api/customers/imports/{id}/start', 'customers.write', 'customers'],
  ['GET', '/api/customers/imports/{id}/errors.csv', 'customers.write', 'customers'],
  ['POST', '/api/customers/{id}/restore', 'customers.delete', 'customers'],
  ['GET', '/api/postal-codes/{postalCode}', null, null],
  // The shell: the live stream of the unread count; the daily mail of unread notifications.
  ['GET', '/api/notifications/events', 'notifications.read', 'notifications'],
  ['GET', '/api/notification-digest', 'settings.manage', 'notifications'],
  ['PUT', '/api/notification-digest', 'settings.manage', 'notifications'],
  // People and access: the feature settings screen; /invite before signing in.
  ['GET', '/api/tenant-features', 'settings.manage', null],
  ['PUT', '/api/tenant-features', 'settings.manage', null],
  // Security settings: two-factor policy, screen lock, access-log retention (every member reads them).
  ['GET', '/api/tenant-settings/security', null, null],
  ['PUT', '/api/tenant-settings/security', 'settings.manage', null],
  ['GET', '/api/tenant-settings/patient-numbers', 'settings.manage', null],
  ['PUT', '/api/tenant-settings/patient-numbers', 'settings.manage', null],
  ['GET', '/api/audit-log', 'audit.read', 'audit_log'],
  ['GET', '/api/audit-log/export', 'audit.read', 'audit_log'],
  ['POST', '/api/audit-log/verify', 'audit.read', 'audit_log'],
  ['POST', '/api/invitations/preview', null, null],
  // Documents and the knowledge base: the file itself (preview, download), renaming a
  // document, and the passage a legal-check answer cites.
  ['GET', '/api/documents/{id}/content', 'documents.read', 'documents'],
  ['PATCH', '/api/documents/{id}', 'documents.write', 'documents'],
  ['GET', '/api/knowledge/legal_checks/{id}/content', 'knowledge.read', 'legal_check'],
  ['GET', '/api/knowledge/legal_checks/{id}/passages/{chunkIndex}', 'knowledge.read', 'legal_check'],
  // The AI suite: saved deep-research reports.
  ['GET', '/api/research/reports', 'research.use', 'deep_research'],
  ['GET', '/api/research/reports/{id}', 'research.use', 'deep_research'],
  ['DELETE', '/api/research/reports/{id}', 'research.use', 'deep_research'],
  // Correcting a mistyped interaction (each correction keeps the version it replaces), and the
  // customers' trash: restore, erase now, erased after 30 days.
  ['PUT', '/api/customers/{id}/interactions/{interactionId}', 'interactions.write', 'customers'],
  ['DELETE', '/api/customers/{id}/interactions/{interactionId}', 'interactions.delete', 'customers'],
  ['GET', '/api/customers/{id}/interactions/{interactionId}/versions', 'interactions.read', 'customers'],
  ['GET', '/api/customers/trash', 'customers.delete', 'customers'],
  ['DELETE', '/api/customers/{id}/permanent', 'customers.delete', 'customers'],
  // A person's own requests about what is held on them: disclosure, stop of use, erasure.
  ['GET', '/api/customers/{id}/disclosure', 'privacy.manage', 'customers'],
  ['PUT', '/api/customers/{id}/use-stop', 'privacy.manage', 'customers'],
  ['DELETE', '/api/customers/{id}/use-stop', 'privacy.manage', 'customers'],
  ['POST', '/api/customers/{id}/erasure', 'privacy.manage', 'customers'],
  // Duplicates found and merged (名寄せ)
  ['POST', '/api/customers/duplicate-check', 'customers.write', 'customers'],
  ['GET', '/api/customers/duplicates', 'customers.write', 'customers'],
  ['POST', '/api/customers/{id}/duplicate-dismissals', 'customers.write', 'customers'],
  ['POST', '/api/customers/{id}/merge', 'customers.delete', 'customers'],
  ['POST', '/api/customers/{id}/unmerge', 'customers.delete', 'customers'],
  ['GET', '/api/customers/merges', 'customers.delete', 'customers'],
  // Two-factor sign-in: an administrator's reset of a member's factors.
  ['DELETE', '/api/tenant-users/{id}/factors', 'tenant_users.write', 'tenant_users'],
  // Marketing: the advertising check (医療広告ガイドライン) of any text.
  ['POST', '/api/marketing/advertising-check', 'ai.use', 'marketing_ai'],
];

const PUBLIC_CALLS = new Set([
  'GET /api/health',
  'GET /api/openapi.json',
  'POST /api/invitations/preview', // whoever holds the code, before signing in
]);
/** A token is optional: a crash on the login page must be reportable, a signed-in one attributed. */
const OPTIONAL_TOKEN_CALLS = new Set(['POST /api/errors/report', 'POST /api/errors/report/batch']);
/** About the user rather than a tenant, by someone about to join one, or with the tenant in the path. */
const NO_TENANT_HEADER = new Set([
  'GET /api/auth/tenant/me',
  'POST /api/invitations/use',
  'GET /api/sessions/current',
  'POST /api/sessions/current/extend',
  'POST /api/tenants/{tenantId}/users', // the tenant is in the path
  'GET /api/postal-codes/{postalCode}', // Japan Post's data, the same for everyone
]);

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  security?: unknown[];
  parameters?: Array<{ $ref?: string; name?: string; in?: string }>;
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema?: { $ref?: string } }> }>;
  'x-permission'?: string;
  'x-feature'?: string;
}

const document = loadOpenApiDocument();
const components = document.components as {
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
  schemas: Record<string, { enum?: unknown[] }>;
};

function operation(method: Method, path: string): Operation | undefined {
  return document.paths[path]?.[method.toLowerCase()] as Operation | undefined;
}

function allOperations(): Array<{ key: string; operation: Operation }> {
  const found: Array<{ key: string; operation: Operation }> = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, value] of Object.entries(item)) {
      if (['get', 'post', 'put', 'patch', 'delete'].includes(method)) {
        found.push({ key: `${method.toUpperCase()} ${path}`, operation: value as Operation });
      }
    }
  }
  return found;
}

function responseSchemaRef(response: Operation['responses'][string]): string | undefined {
  const resolved = response.$ref
    ? components.responses[response.$ref.replace('#/components/responses/', '')]
    : response;
  return resolved?.content?.['application/json']?.schema?.$ref;
}

describe('the contract (openapi/openapi.yaml)', () => {
  it('counts 73 calls in SPEC §7, each listed once', () => {
    expect(SPEC_CALLS).toHaveLength(73);
    expect(new Set(SPEC_CALLS.map(([method, path]) => `${method} ${path}`)).size).toBe(73);
  });

  it('holds exactly the calls of SPEC §7 and the extras, nothing else', () => {
    const declared = allOperations()
      .map(({ key }) => key)
      .sort();
    const expected = [...SPEC_CALLS, ...EXTRA_CALLS].map(([method, path]) => `${method} ${path}`).sort();
    expect(declared).toEqual(expected);
  });

  it('keeps a trailing slash only where SPEC §7 lists one', () => {
    const withSlash = Object.keys(document.paths).filter((path) => path.endsWith('/'));
    expect(withSlash.sort()).toEqual(
      [
        '/api/aiassistant/',
        '/api/documents/',
        '/api/folders/',
        '/api/invitations/',
        '/api/products/',
        '/api/staff/',
      ].sort(),
    );
  });

  describe.each([...SPEC_CALLS, ...EXTRA_CALLS])('%s %s', (method, path, permission, feature) => {
    const key = `${method} ${path}`;
    const op = operation(method, path);

    it('exists with an operationId and a Japanese summary', () => {
      expect(op, `${key} is missing`).toBeDefined();
      expect(op?.operationId).toMatch(/^[a-z][A-Za-z]+$/);
      expect(op?.summary).toMatch(JAPANESE);
    });

    it(`names x-permission ${permission ?? '(none)'} and x-feature ${feature ?? '(none)'}`, () => {
      expect(op?.['x-permission'] ?? null).toBe(permission);
      expect(op?.['x-feature'] ?? null).toBe(feature);
    });

    it('answers every non-2xx with the error envelope, 401 when signed in, 422 on input, 404 on ids', () => {
      const responses = op?.responses ?? {};
      for (const [status, response] of Object.entries(responses)) {
        if (/^2\d\d$/.test(status)) continue;
        expect(responseSchemaRef(response), `${key} ${status}`).toBe('#/components/schemas/ErrorEnvelope');
      }
      expect(Object.keys(responses)).toContain('default');
      const isPublic = PUBLIC_CALLS.has(key);
      const optionalToken = OPTIONAL_TOKEN_CALLS.has(key);
      expect(op?.security ?? document.security).toEqual(
        isPublic ? [] : optionalToken ? [{}, { bearerAuth: [] }] : [{ bearerAuth: [] }],
      );
      if (!isPublic) expect(Object.keys(responses)).toContain('401');
      const takesInput = (op?.parameters?.length ?? 0) > 0 || op?.requestBody !== undefined;
      if (takesInput) expect(Object.keys(responses), `${key} validates input`).toContain('422');
      // A resource named in the path may be missing; a tenant named there is refused with 403 instead.
      if (path.replace('{tenantId}', '').includes('{')) {
        expect(Object.keys(responses), `${key} names a resource`).toContain('404');
      }
      if (permission || feature || !NO_TENANT_HEADER.has(key)) {
        if (!isPublic) expect(Object.keys(responses)).toContain('403');
      }
    });

    it(
      NO_TENANT_HEADER.has(key) || PUBLIC_CALLS.has(key) ? 'takes no X-Tenant-Id' : 'takes X-Tenant-Id',
      () => {
        const takesHeader = (op?.parameters ?? []).some(
          (parameter) => parameter.$ref === '#/components/parameters/TenantId',
        );
        expect(takesHeader).toBe(!NO_TENANT_HEADER.has(key) && !PUBLIC_CALLS.has(key));
      },
    );
  });

  it('uploads take multipart/form-data; research PDFs answer application/pdf with Content-Disposition', () => {
    for (const path of ['/api/documents/upload', '/api/documents/upload-multiple', '/api/knowledge/upload']) {
      expect(Object.keys(operation('POST', path)?.requestBody?.content ?? {})).toEqual([
        'multipart/form-data',
      ]);
    }
    const pdf = (document.components as { responses: Record<string, unknown> }).responses.ResearchPdf as {
      headers: Record<string, unknown>;
      content: Record<string, unknown>;
    };
    expect(Object.keys(pdf.content)).toEqual(['application/pdf']);
    expect(Object.keys(pdf.headers)).toEqual(['Content-Disposition']);
    for (const path of ['/api/research/customer/pdf', '/api/research/competitor/pdf']) {
      expect(operation('POST', path)?.responses['200']?.$ref).toBe('#/components/responses/ResearchPdf');
    }
  });

  it('uses one permission catalogue: the server, the Permission enum and every x-permission agree', () => {
    expect(components.schemas.Permission?.enum).toEqual([...ALL_PERMISSIONS]);
    for (const { key, operation } of allOperations()) {
      if (operation['x-permission']) {
        expect(ALL_PERMISSIONS as readonly string[], key).toContain(operation['x-permission']);
      }
      if (operation['x-feature'])
        expect(FEATURES as readonly string[], key).toContain(operation['x-feature']);
    }
    // Every permission guards something — an operation's x-permission, or a rule of ownership its
    // description states (deleting another person's research report) — and the role defaults come
    // from the catalogue.
    const used = new Set(allOperations().map(({ operation }) => operation['x-permission']));
    const described = allOperations()
      .map(({ operation }) => operation.description ?? '')
      .join('\n');
    const unused = ALL_PERMISSIONS.filter(
      (permission) => !used.has(permission) && !described.includes(`\`${permission}\``),
    );
    expect(unused).toEqual([]);
    expect(ROLE_PERMISSIONS.admin).toEqual(ALL_PERMISSIONS);
    for (const permissions of Object.values(ROLE_PERMISSIONS)) {
      for (const permission of permissions) expect(ALL_PERMISSIONS).toContain(permission);
    }
  });

  it('lists the 47 prefectures the database accepts', () => {
    expect(components.schemas.Prefecture?.enum).toEqual([...PREFECTURES]);
  });

  it('gives the server a policy per operation: tenant from the header, or from the path for tenant users', () => {
    const policies = operationPolicies(document);
    expect(policies.size).toBe(SPEC_CALLS.length + EXTRA_CALLS.length);
    expect(policies.get('addTenantUser')).toMatchObject({ tenantSource: 'path', tenantScoped: true });
    expect(policies.get('listCustomers')).toMatchObject({ tenantSource: 'header', tenantScoped: true });
    expect(policies.get('useInvitation')).toMatchObject({
      tenantScoped: false,
      permission: null,
      feature: null,
      authenticated: true,
    });
    expect(policies.get('getCurrentSession')).toMatchObject({ tenantScoped: false, feature: null });
    expect(policies.get('getHealth')).toMatchObject({ authenticated: false, optionalAuthentication: false });
    for (const operationId of ['reportClientError', 'reportClientErrors']) {
      expect(policies.get(operationId)).toMatchObject({
        authenticated: false,
        optionalAuthentication: true,
        tenantScoped: true,
        permission: null,
        feature: null,
      });
    }
    expect(policies.get('listCustomers')?.optionalAuthentication).toBe(false);
    expect(TENANT_HEADER).toBe('X-Tenant-Id');
  });
});
