import { accountKeys } from '@tsumiki/api-client/react';
import { queryClient } from '../../app/query-client';
import { loadAuth } from '../../session/load-auth';
import { twoFactorMessages as m } from './messages';

/** A verified authenticator app of the signed-in person. */
export interface Factor {
  id: string;
  friendlyName: string;
  createdAt: string;
}

/** What enrolment shows: the QR code (an SVG data URI) and the secret for typing. */
export interface Enrolment {
  factorId: string;
  qrCode: string;
  secret: string;
}

type Result<T> = { data: T; error: null } | { data: null; error: string };

function failed<T>(error: string): Result<T> {
  return { data: null, error };
}

/** The signed-in person's verified TOTP factors (auth-js `mfa.listFactors`). */
export async function listFactors(): Promise<Factor[]> {
  const { authClient } = await loadAuth();
  const { data, error } = await authClient.mfa.listFactors();
  if (error) throw error;
  return data.totp.map((factor) => ({
    id: factor.id,
    friendlyName: factor.friendly_name ?? m.factorDefaultName,
    createdAt: factor.created_at,
  }));
}

/**
 * The QR code as an image URL that a browser shows. auth-js makes the service's SVG text a data URI
 * as it is (`data:image/svg+xml;utf-8,<svg …`), and an unencoded `#` (`fill="#ffffff"`) ends such a
 * URI: the image is broken. The SVG is encoded again; a URI already encoded is left alone.
 */
export function qrImageUrl(qrCode: string): string {
  const comma = qrCode.indexOf(',');
  if (!qrCode.startsWith('data:image/svg+xml') || comma < 0) return qrCode;
  const body = qrCode.slice(comma + 1);
  if (!body.trimStart().startsWith('<')) return qrCode;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(body)}`;
}

/**
 * Starts enrolling a TOTP factor. Unverified factors left by an enrolment that was abandoned (a
 * reload, a closed tab) are removed first, so that a fresh QR code is shown each time.
 */
export async function startEnrolment(): Promise<Result<Enrolment>> {
  const { authClient, authErrorMessage } = await loadAuth();
  try {
    const listed = await authClient.mfa.listFactors();
    for (const factor of listed.data?.all ?? []) {
      if (factor.factor_type === 'totp' && factor.status === 'unverified') {
        await authClient.mfa.unenroll({ factorId: factor.id });
      }
    }
    const friendlyName = `${m.factorDefaultName} ${new Date().toLocaleString('ja-JP')}`;
    const { data, error } = await authClient.mfa.enroll({ factorType: 'totp', friendlyName });
    if (error) return failed(authErrorMessage(error, m.enrolFailed));
    return {
      data: { factorId: data.id, qrCode: qrImageUrl(data.totp.qr_code), secret: data.totp.secret },
      error: null,
    };
  } catch (cause) {
    return failed(authErrorMessage(cause, m.enrolFailed));
  }
}

/** Challenges and verifies a factor with a code: the session becomes aal2. */
export async function verifyCode(code: string, factorId?: string): Promise<Result<true>> {
  const { authClient, authErrorMessage } = await loadAuth();
  try {
    let id = factorId;
    if (!id) {
      const listed = await authClient.mfa.listFactors();
      id = listed.data?.totp[0]?.id;
      if (!id) return failed(m.verifyFailed);
    }
    const { error } = await authClient.mfa.challengeAndVerify({ factorId: id, code });
    if (error) return failed(codeErrorMessage(error, authErrorMessage));
    return { data: true, error: null };
  } catch (cause) {
    return failed(codeErrorMessage(cause, authErrorMessage));
  }
}

/** A refused code in Japanese: the service's own Japanese (the throttle says how long to wait) first. */
function codeErrorMessage(
  error: unknown,
  authErrorMessage: (error: unknown, fallback: string) => string,
): string {
  const code = (error as { code?: unknown } | null)?.code;
  const fallback =
    code === 'mfa_verification_failed' || code === 'mfa_challenge_expired' ? m.wrongCode : m.verifyFailed;
  return authErrorMessage(error, fallback);
}

/** Removes a factor (auth-js `mfa.unenroll`). */
export async function removeFactor(factorId: string): Promise<void> {
  const { authClient } = await loadAuth();
  const { error } = await authClient.mfa.unenroll({ factorId });
  if (error) throw error;
}

/** Calls one of the auth service's recovery-code extensions with the current access token. */
async function recoveryCall(
  path: string,
  body: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const { authClient } = await loadAuth();
  const token = (await authClient.getSession()).data.session?.access_token;
  const base = import.meta.env.VITE_AUTH_URL ?? `${window.location.origin}/auth/v1`;
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { status: response.status, json };
}

const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff]/;

function serviceMessage(json: Record<string, unknown>, fallback: string): string {
  const message =
    typeof json.msg === 'string' ? json.msg : typeof json.message === 'string' ? json.message : '';
  return JAPANESE.test(message) ? message : fallback;
}

/** Issues a new set of recovery codes (the previous ones stop working); needs an aal2 session. */
export async function issueRecoveryCodes(): Promise<Result<string[]>> {
  try {
    const { status, json } = await recoveryCall('/recovery-codes', {});
    if (status >= 400 || !Array.isArray(json.codes)) return failed(serviceMessage(json, m.recoveryFailed));
    return { data: json.codes.map(String), error: null };
  } catch {
    return failed(m.recoveryFailed);
  }
}

/** Signs in the second step with a recovery code: the service answers with an aal2 session. */
export async function verifyRecoveryCode(code: string): Promise<Result<true>> {
  try {
    const { status, json } = await recoveryCall('/recovery-codes/verify', { code: code.trim() });
    if (status >= 400 || typeof json.access_token !== 'string' || typeof json.refresh_token !== 'string') {
      return failed(serviceMessage(json, m.wrongRecovery));
    }
    const { authClient } = await loadAuth();
    const { error } = await authClient.setSession({
      access_token: json.access_token,
      refresh_token: json.refresh_token,
    });
    if (error) return failed(m.verifyFailed);
    return { data: true, error: null };
  } catch {
    return failed(m.verifyFailed);
  }
}

/**
 * The second factor is done (aal2): tenant-me says again what the policy asks, and the session
 * leaves the gate. Called when the person is through — after the recovery codes are saved, at an
 * enrolment — rather than on auth-js's MFA_CHALLENGE_VERIFIED, which would take the gate (and the
 * codes on it) away too early.
 */
export async function secondFactorDone(): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: accountKeys.tenantMe() });
}
