import { AUTH_MESSAGES, AuthServiceError } from './errors';

export interface SignUpRequest {
  email: string;
  password: string;
  fullName: string | null;
  invitationCode: string | null;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_MAX_LENGTH = 254;
const FULL_NAME_MAX_LENGTH = 100;

/**
 * The body of POST /auth/v1/signup as @supabase/auth-js's signUp() sends it: `email`,
 * `password`, and `data` (user_metadata) of which this service reads `invitation_code` and
 * `full_name`. `code_challenge` and `gotrue_meta_security` are irrelevant without confirmation
 * mails and captchas.
 */
export function parseSignUp(body: unknown): SignUpRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AuthServiceError(400, 'validation_failed', AUTH_MESSAGES.malformedRequest);
  }
  const fields = body as Record<string, unknown>;
  const email = typeof fields.email === 'string' ? fields.email.trim() : '';
  const password = typeof fields.password === 'string' ? fields.password : '';
  if (!email || !password) {
    throw new AuthServiceError(400, 'validation_failed', AUTH_MESSAGES.missingCredentials);
  }
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) {
    throw new AuthServiceError(400, 'validation_failed', AUTH_MESSAGES.emailInvalid);
  }
  const data =
    typeof fields.data === 'object' && fields.data !== null && !Array.isArray(fields.data)
      ? (fields.data as Record<string, unknown>)
      : {};
  const code = typeof data.invitation_code === 'string' ? data.invitation_code.trim() : '';
  let fullName: string | null = null;
  if (typeof data.full_name === 'string' && data.full_name.trim() !== '') {
    fullName = data.full_name.normalize('NFC').trim();
    if (Array.from(fullName).length > FULL_NAME_MAX_LENGTH) {
      throw new AuthServiceError(
        422,
        'validation_failed',
        AUTH_MESSAGES.fullNameInvalid(FULL_NAME_MAX_LENGTH),
      );
    }
  }
  return { email, password, fullName, invitationCode: code === '' ? null : code };
}
