import type { FastifyRequest, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import type { AuthService } from '../auth/auth-service';
import type { Db } from '../db/database';
import type { User } from '../db/schema';
import { assertPermission, type Principal, resolveTenantAccess, type TenantAccess } from '../domain/access';
import { AccessTokenExpiredError, AuthenticationRequiredError } from '../domain/errors';
import { assertFeatureEnabled } from '../domain/features';
import { bearerToken } from './bearer';
import type { OperationPolicy } from './openapi';

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

/**
 * preHandler (after validation, so X-Tenant-Id is a well-formed UUID): resolves the tenant and
 * applies the operation's x-feature and x-permission from the spec.
 */
export function authorize(db: Db, policy: OperationPolicy): preHandlerHookHandler {
  return async (request: FastifyRequest) => {
    const principal = request.principal;
    if (!principal) throw new AuthenticationRequiredError();
    const requested = request.headers['x-tenant-id'];
    const access = await resolveTenantAccess(
      db,
      principal,
      typeof requested === 'string' ? requested : undefined,
    );
    if (policy.feature) await assertFeatureEnabled(db, access.tenantId, policy.feature);
    if (policy.permission) assertPermission(principal, access, policy.permission);
    request.tenantAccess = access;
  };
}
