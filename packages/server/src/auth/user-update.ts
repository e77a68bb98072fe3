import type { UserUpdate } from './auth-service';
import { AUTH_MESSAGES, AuthServiceError } from './errors';

/** The longest name user_metadata.full_name may carry (the contract's full_name maxLength). */
const FULL_NAME_MAX_LENGTH = 100;

function bodyObject(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw new AuthServiceError(400, 'validation_failed', AUTH_MESSAGES.malformedRequest);
  }
  return body as Record<string, unknown>;
}

/**
 * The body of PUT /user as @supabase/auth-js's updateUser() sends it: `password` with
 * `current_password`, and `data` (user_metadata) of which this service keeps `full_name`.
 * `nonce`, `code_challenge` and `code_challenge_method` (sent as null with every call) are
 * irrelevant without email change and reauthentication codes; an email or phone that would
 * change is refused, because accounts are managed by administrators.
 */
export function parseUserUpdate(body: unknown, email: string): UserUpdate {
  const fields = bodyObject(body);
  const update: UserUpdate = {};
  const { password, current_password: currentPassword, data } = fields;
  if (password !== undefined && password !== null) {
    if (typeof password !== 'string') {
      throw new AuthServiceError(422, 'validation_failed', AUTH_MESSAGES.passwordNotText);
    }
    update.password = password;
    if (typeof currentPassword === 'string' && currentPassword !== '')
      update.currentPassword = currentPassword;
  }
  if (
    (typeof fields.email === 'string' &&
      fields.email !== '' &&
      fields.email.trim().toLowerCase() !== email) ||
    (typeof fields.phone === 'string' && fields.phone !== '')
  ) {
    throw new AuthServiceError(422, 'validation_failed', AUTH_MESSAGES.unsupportedUserChange);
  }
  if (data !== undefined && data !== null) {
    if (typeof data !== 'object' || Array.isArray(data)) {
      throw new AuthServiceError(422, 'validation_failed', AUTH_MESSAGES.unsupportedUserMetadata);
    }
    const metadata = data as Record<string, unknown>;
    if (Object.keys(metadata).some((key) => key !== 'full_name')) {
      throw new AuthServiceError(422, 'validation_failed', AUTH_MESSAGES.unsupportedUserMetadata);
    }
    if ('full_name' in metadata) {
      const fullName = metadata.full_name;
      if (fullName === null) {
        update.fullName = null;
      } else {
        const trimmed = typeof fullName === 'string' ? fullName.normalize('NFC').trim() : '';
        if (trimmed === '' || Array.from(trimmed).length > FULL_NAME_MAX_LENGTH) {
          throw new AuthServiceError(
            422,
            'validation_failed',
            AUTH_MESSAGES.fullNameInvalid(FULL_NAME_MAX_LENGTH),
          );
        }
        update.fullName = trimmed;
      }
    }
  }
  return update;
}
