import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { AuthService } from '../../auth/auth-service';
import { assertPermission, type Principal, type TenantAccess } from '../access/access';
import { assertMfaSatisfied } from '../access/mfa-policy';
import { chooseTenant, isFeatureOn, loadRequestAccess, mfaPolicyOf } from '../access/request-access';
import type { Db } from '../db/database';
import type { User } from '../db/schema';
import {
  AccessTokenExpiredError,
  AuthenticationRequiredError,
  FeatureDisabledError,
  ValidationFailedError,
} from '../errors';
import { bearerToken } from './bearer';
import { type OperationPolicy, TENANT_HEADER, TENANT_PATH_PARAMETER } from './openapi';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
    tenantAccess: TenantAccess | null;
    /** When the access token the request came with expires (null without a token). */
    accessTokenExpiresAt: Date | null;
  }
}

const SESSION_ENDED = 'セッションが終了しています。もう一度ログインしてください。';

function toPrincipal(user: User, sessionId: string): Principal {
  return {
    userId: user.id,
    email: user.email,
    fullName: user.full_name,
    sessionId,
    isSystemAdmin: user.is_system_admin,
    isSuperAdmin: user.is_super_admin,
    isAgencyUser: user.is_agency_user,
  };
}

/** The verified claims of the request's access token, else 401 (AUTH_002 when merely expired). */
async function verifiedClaims(authService: AuthService, request: FastifyRequest) {
  const token = bearerToken(request);
  if (!token) throw new AuthenticationRequiredError();
  const check = await authService.verifyAccessToken(token);
  if (!check.valid) {
    if (check.reason === 'expired') throw new AccessTokenExpiredError();
    throw new AuthenticationRequiredError();
  }
  return check.claims;
}

/** Sets the request's principal from a valid access token of a live session, else 401. */
async function signIn(authService: AuthService, request: FastifyRequest): Promise<void> {
  const token = bearerToken(request);
  if (!token) throw new AuthenticationRequiredError();
  const authentication = await authService.authenticate(token);
  if (!authentication.ok) {
    if (authentication.reason === 'expired') throw new AccessTokenExpiredError();
    if (authentication.reason === 'session_not_found') throw new AuthenticationRequiredError(SESSION_ENDED);
    throw new AuthenticationRequiredError();
  }
  request.principal = toPrincipal(authentication.user, authentication.session.id);
}

/** onRequest of operations without a tenant: a valid access token of a live session, else 401. */
export function authenticate(authService: AuthService): onRequestHookHandler {
  return async (request: FastifyRequest) => {
    await signIn(authService, request);
  };
}

/**
 * onRequest of operations whose contract says `security: [{}, {bearerAuth: []}]`: without an
 * Authorization header the caller is anonymous (principal and tenant null); with one, the token
 * and its session must be valid (else 401, as everywhere). When the operation takes a tenant and
 * X-Tenant-Id is sent, the signed-in caller must have access to it (403 otherwise); without the
 * header the tenant stays null. No x-feature/x-permission here (the policy refuses them).
 */
export function authenticateOptionally(
  authService: AuthService,
  db: Db,
  policy: OperationPolicy,
): onRequestHookHandler {
  return async (request: FastifyRequest) => {
    if (request.headers.authorization === undefined) return;
    const claims = await verifiedClaims(authService, request);
    const requested = policy.tenantScoped ? requestedTenantId(request, policy) : undefined;
    const access = await loadRequestAccess(
      db,
      { userId: claims.sub, sessionId: claims.session_id },
      requested,
      request.server.accessContextCache,
    );
    if (!access) throw new AuthenticationRequiredError(SESSION_ENDED);
    request.principal = access.principal;
    request.accessTokenExpiresAt = new Date(claims.exp * 1000);
    if (requested !== undefined) request.tenantAccess = chooseTenant(access, requested);
  };
}

// Stricter than Ajv's uuid format (no urn:uuid: prefix), so whatever passes here PostgreSQL accepts.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The tenant the request names, or undefined for "the caller's first tenant". */
function requestedTenantId(request: FastifyRequest, policy: OperationPolicy): string | undefined {
  if (policy.tenantSource === 'path') {
    const value = (request.params as Record<string, unknown> | undefined)?.[TENANT_PATH_PARAMETER];
    if (typeof value !== 'string' || !UUID.test(value)) {
      throw new ValidationFailedError([
        { field: TENANT_PATH_PARAMETER, message: 'ID の形式が正しくありません' },
      ]);
    }
    return value;
  }
  const header = request.headers[TENANT_HEADER.toLowerCase()];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !UUID.test(header)) {
    throw new ValidationFailedError([{ field: TENANT_HEADER, message: 'ID の形式が正しくありません' }]);
  }
  return header;
}

/**
 * onRequest of tenant-scoped operations: the token, the live session, the tenant, the
 * operation's x-feature and x-permission from the spec — in that order, from one query, before
 * the body is read, so that a caller without access learns nothing about the input the
 * operation expects. The tenant id is checked here itself (422 as the contract says) because
 * the schema validation has not run yet.
 */
export function authenticateForTenant(
  authService: AuthService,
  db: Db,
  policy: OperationPolicy,
): onRequestHookHandler {
  return async (request: FastifyRequest) => {
    const claims = await verifiedClaims(authService, request);
    const requested = requestedTenantId(request, policy);
    const access = await loadRequestAccess(
      db,
      { userId: claims.sub, sessionId: claims.session_id },
      requested,
      request.server.accessContextCache,
    );
    if (!access) throw new AuthenticationRequiredError(SESSION_ENDED);
    request.principal = access.principal;
    const tenant = chooseTenant(access, requested);
    await assertMfaSatisfied(db, {
      operationId: policy.operationId,
      policy: mfaPolicyOf(access, tenant.tenantId),
      role: tenant.membership?.role ?? null,
      aal: access.aal,
      userId: access.principal.userId,
    });
    if (policy.feature && !isFeatureOn(access, tenant.tenantId, policy.feature)) {
      throw new FeatureDisabledError(policy.feature);
    }
    if (policy.permission) assertPermission(access.principal, tenant, policy.permission);
    request.tenantAccess = tenant;
    request.accessTokenExpiresAt = new Date(claims.exp * 1000);
  };
}
