import { loadAuth } from '../../session/load-auth';
import { messages } from '../../session/messages';
import { type PasswordField, passwordFieldLabels } from '../forms/account-fields';

interface RefusalText {
  message: string;
  field?: PasswordField;
}

/** A refused account change: the Japanese message, and the field it is about when there is one. */
export class AccountActionError extends Error {
  override readonly name = 'AccountActionError';
  constructor(
    message: string,
    readonly field?: PasswordField,
  ) {
    super(message);
  }
}

/**
 * The authentication service's refusals of a user update (PUT /auth/v1/user), in Japanese and
 * tied to the field they are about.
 */
const updateUserErrors: Record<string, RefusalText> = {
  current_password_required: {
    message: `パスワードを変更するには、${passwordFieldLabels.currentPassword}を入力してください。`,
    field: 'currentPassword',
  },
  current_password_mismatch: {
    message: `${passwordFieldLabels.currentPassword}が正しくありません。`,
    field: 'currentPassword',
  },
  same_password: {
    message: `${passwordFieldLabels.newPassword}には、${passwordFieldLabels.currentPassword}と異なるものを指定してください。`,
    field: 'newPassword',
  },
  weak_password: {
    message: `${passwordFieldLabels.newPassword}が条件を満たしていません。8 文字以上 128 文字以内で入力してください。`,
    field: 'newPassword',
  },
  over_request_rate_limit: {
    message: '試行回数が多すぎます。しばらく待ってから、もう一度お試しください。',
    field: 'currentPassword',
  },
};

const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff]/u;

/**
 * Japanese for a failed call to the authentication service. A known refusal keeps the service's
 * own words when they are Japanese (they may say more, e.g. how many minutes to wait) and is tied
 * to its field; anything else is worded as for sign-in.
 */
export async function accountActionError(error: unknown, fallback: string): Promise<AccountActionError> {
  const { code, message } =
    typeof error === 'object' && error !== null ? (error as { code?: unknown; message?: unknown }) : {};
  const known = typeof code === 'string' ? updateUserErrors[code] : undefined;
  if (known) {
    const words = typeof message === 'string' && JAPANESE.test(message) ? message : known.message;
    return new AccountActionError(words, known.field);
  }
  const { authErrorMessage } = await loadAuth();
  return new AccountActionError(authErrorMessage(error, fallback));
}

type AuthClient = Awaited<ReturnType<typeof loadAuth>>['authClient'];

/**
 * Runs one call of the auth client; its refusal (or a throw, or the client's chunk failing to
 * load) becomes an AccountActionError in Japanese.
 */
async function withAuthClient(
  call: (client: AuthClient) => Promise<{ error: unknown }>,
  fallback: string,
): Promise<void> {
  let client: AuthClient;
  try {
    client = (await loadAuth()).authClient;
  } catch {
    // Without the auth client's chunk there is no connection to the service either.
    throw new AccountActionError(messages.networkError);
  }
  let error: unknown;
  try {
    ({ error } = await call(client));
  } catch (cause) {
    error = cause;
  }
  if (error) throw await accountActionError(error, fallback);
}

/** Changes the password, proving the current one; the service signs the user's other sessions out. */
export function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  return withAuthClient(
    (client) => client.updateUser({ password: newPassword, current_password: currentPassword }),
    'パスワードを変更できませんでした。',
  );
}

/** Saves the user's name (user_metadata.full_name, which tenant-me reads as full_name). */
export function changeFullName(fullName: string): Promise<void> {
  return withAuthClient(
    (client) => client.updateUser({ data: { full_name: fullName } }),
    '氏名を保存できませんでした。',
  );
}

/**
 * Signs out the user's other sessions ('others') or all of them including this one ('global').
 * Unlike the sidebar's logout, a failure is reported: claiming other devices were signed out
 * when the service never heard of it would be worse than saying so.
 */
export function signOutSessions(scope: 'others' | 'global'): Promise<void> {
  return withAuthClient((client) => client.signOut({ scope }), messages.logoutFailed);
}
