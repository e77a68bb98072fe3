import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { Secret, TOTP } from 'otpauth';
import type { GoTrueSessionBody } from './server';

/** The code an authenticator app shows for `secret` at `timestamp` (ms), as RFC 6238 computes it. */
export function totpCode(secret: string, timestamp = Date.now()): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp,
  });
}

/** Waits, when needed, until the current 30-second step has at least 4 s left (no code flips mid-test). */
export async function awayFromStepEdge(): Promise<void> {
  const intoStep = (Date.now() / 1000) % 30;
  if (intoStep > 26) await new Promise((resolve) => setTimeout(resolve, (30 - intoStep + 0.5) * 1000));
}

export function claimsOf(accessToken: string): { aal?: string; amr?: Array<{ method: string }> } {
  return decodeJwt(accessToken) as { aal?: string; amr?: Array<{ method: string }> };
}

async function post(app: FastifyInstance, url: string, token: string, payload: unknown = {}) {
  return app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}` },
    payload: payload as object,
  });
}

/** Enrols a TOTP factor over HTTP; its id and secret. */
export async function enrolTotp(app: FastifyInstance, token: string, friendlyName?: string) {
  const response = await post(app, '/auth/v1/factors', token, {
    factor_type: 'totp',
    ...(friendlyName ? { friendly_name: friendlyName } : {}),
  });
  if (response.statusCode !== 200) throw new Error(`enrol failed: ${response.statusCode} ${response.body}`);
  const body = response.json<{ id: string; totp: { secret: string } }>();
  return { factorId: body.id, secret: body.totp.secret };
}

/** Challenge and verify with the code of `timestamp`: the raw answer of verify. */
export async function verifyTotp(
  app: FastifyInstance,
  token: string,
  factorId: string,
  secret: string,
  timestamp = Date.now(),
) {
  const challenge = await post(app, `/auth/v1/factors/${factorId}/challenge`, token);
  if (challenge.statusCode !== 200)
    throw new Error(`challenge failed: ${challenge.statusCode} ${challenge.body}`);
  return post(app, `/auth/v1/factors/${factorId}/verify`, token, {
    challenge_id: challenge.json<{ id: string }>().id,
    code: totpCode(secret, timestamp),
  });
}

/** Verify that must succeed: the aal2 session. */
export async function verifiedSession(
  app: FastifyInstance,
  token: string,
  factorId: string,
  secret: string,
  timestamp?: number,
): Promise<GoTrueSessionBody> {
  const response = await verifyTotp(app, token, factorId, secret, timestamp);
  if (response.statusCode !== 200) throw new Error(`verify failed: ${response.statusCode} ${response.body}`);
  return response.json<GoTrueSessionBody>();
}
