import type { FastifyRequest, onRequestHookHandler, preValidationHookHandler } from 'fastify';
import type { AuthService } from '../auth/auth-service';
import type { Db } from '../db/database';
import type { User } from '../db/schema';
import { assertPermission, type Principal, resolveTenantAccess, type TenantAccess } from '../domain/access';
import {
  AccessTokenExpiredError,
  AuthenticationRequiredError,
  ValidationFailedError,
} from '../domain/errors';
import { assertFeatureEnabled } from '../domain/features';
import { bearerToken } from './bearer';
import { type OperationPolicy, TENANT_HEADER, TENANT_PATH_PARAMETER } from './openapi';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
    tenantAccess: TenantAccess | null;
  }
}

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

/** onRequest: a valid access token of a live session, else 401 (AUTH_002 when merely expired). */
export function authenticate(authService: AuthService): onRequestHookHandler {
  return async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw new AuthenticationRequiredError();
    const authentication = await authService.authenticate(token);
    if (!authentication.ok) {
      if (authentication.reason === 'expired') throw new AccessTokenExpiredError();
      if (authentication.reason === 'session_not_found') {
        throw new AuthenticationRequiredError('セッションが終了しています。もう一度ログインしてください。');
      }
      throw new AuthenticationRequiredError();
    }
    request.principal = toPrincipal(authentication.user, authentication.session.id);
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
 * preValidation: resolves the tenant and applies the operation's x-feature and x-permission from
 * the spec, before the input is validated, so that a caller without access learns nothing about
 * the input the operation expects. The tenant id is checked here itself (422 as the contract
 * says) because the schema validation has not run yet.
 */
export function authorize(db: Db, policy: OperationPolicy): preValidationHookHandler {
  return async (request: FastifyRequest) => {
    const principal = request.principal;
    if (!principal) throw new AuthenticationRequiredError();
    const access = await resolveTenantAccess(db, principal, requestedTenantId(request, policy));
    if (policy.feature) await assertFeatureEnabled(db, access.tenantId, policy.feature);
    if (policy.permission) assertPermission(principal, access, policy.permission);
    request.tenantAccess = access;
  };
}
