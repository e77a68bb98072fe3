import type { components } from '@tsumiki/api-client';
import { ROLE_DEFAULT_PERMISSIONS } from '@tsumiki/api-client';
import { AUTH_STORAGE_KEY } from '../session/load-auth';

type TenantMeResponse = components['schemas']['TenantMeResponse'];

/** The demo tenant and people of the server's seed (packages/server/src/seed/demo.ts). */
export const DEMO_TENANT = {
  id: '6f1c2a4e-3b5d-4e8f-9a1b-2c3d4e5f6a01',
  name: 'さくら内科クリニック',
} as const;

export const DEMO_PEOPLE = {
  admin: {
    id: '0d9e8f7a-6b5c-4d3e-8f1a-2b3c4d5e6f01',
    email: 'admin@sakura-clinic.example',
    full_name: '佐藤 美咲',
    role: 'admin',
  },
  staff: {
    id: '0d9e8f7a-6b5c-4d3e-8f1a-2b3c4d5e6f02',
    email: 'staff@sakura-clinic.example',
    full_name: '田中 健太',
    role: 'staff',
  },
} as const;

export type DemoPerson = keyof typeof DEMO_PEOPLE;

/** GET /api/auth/tenant/me for the admin or the staff member of さくら内科クリニック. */
export function tenantMe(who: DemoPerson): TenantMeResponse {
  const person = DEMO_PEOPLE[who];
  return {
    success: true,
    user: {
      id: person.id,
      email: person.email,
      full_name: person.full_name,
      is_system_admin: false,
      is_super_admin: false,
      is_agency_user: false,
      is_tenant_user: true,
      permissions: [...ROLE_DEFAULT_PERMISSIONS[person.role]],
      accessible_tenant_ids: [DEMO_TENANT.id],
      tenant_info: [
        {
          tenant_id: DEMO_TENANT.id,
          tenant_name: DEMO_TENANT.name,
          role: person.role,
          plan: 'standard',
          time_zone: 'Asia/Tokyo',
          mfa_required: false,
        },
      ],
    },
    mfa: { required: false, enrolled: false, level: 'aal1' },
  };
}

function base64Url(value: object): string {
  return btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/** The user object of the auth service (/auth/v1/user) for a demo person. */
export function authUser(who: DemoPerson) {
  const person = DEMO_PEOPLE[who];
  return {
    id: person.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: person.email,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: { full_name: person.full_name },
    factors: [],
    created_at: '2026-04-01T00:00:00.000Z',
    updated_at: '2026-04-01T00:00:00.000Z',
  };
}

/**
 * A stored session of the auth client (what @supabase/auth-js keeps in localStorage after a
 * sign-in), valid for a day: the screens behind the route guard render at once. The token is not
 * signed; nothing in Storybook checks it, MSW answers every request.
 */
export function storedSession(who: DemoPerson) {
  const person = DEMO_PEOPLE[who];
  const now = Math.floor(Date.now() / 1000);
  const expiresAt = now + 24 * 60 * 60;
  const accessToken = [
    base64Url({ alg: 'HS256', typ: 'JWT' }),
    base64Url({
      sub: person.id,
      email: person.email,
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: now }],
      session_id: '5e55e55e-0000-4000-8000-000000000001',
      iat: now,
      exp: expiresAt,
    }),
    'storybook',
  ].join('.');
  return {
    access_token: accessToken,
    refresh_token: 'storybook-refresh-token',
    token_type: 'bearer',
    expires_in: 24 * 60 * 60,
    expires_at: expiresAt,
    user: authUser(who),
  };
}

/** Signs the auth client in as a demo person (or out, with null) before a story renders. */
export function setStoredSession(who: DemoPerson | null): void {
  if (who === null) localStorage.removeItem(AUTH_STORAGE_KEY);
  else localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(storedSession(who)));
}
