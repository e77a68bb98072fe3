import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;

/**
 * The keys of two-factor sign-in, derived (HKDF-SHA256) from one secret kept in server_secrets,
 * which the app's database role cannot read: the server reads it once at start as the owner.
 *
 * - TOTP secrets are encrypted with AES-256-GCM, the user's id as additional data, so a
 *   ciphertext copied to another user's factor does not decrypt.
 * - Recovery codes are stored as HMAC-SHA256 under the second key. A code is 10 characters of a
 *   32-letter alphabet (50 random bits), so guessing one offline is hopeless without the key and
 *   a slow hash would add nothing but cost; a keyed hash also lets a code be found by its hash
 *   (one indexed lookup) instead of running scrypt against each of the ten stored codes.
 */
export class MfaKeys {
  private readonly encryptionKey: Buffer;
  private readonly recoveryKey: Buffer;

  constructor(secret: string) {
    const material = Buffer.from(secret, 'utf8');
    this.encryptionKey = Buffer.from(
      hkdfSync('sha256', material, '', 'tsumiki totp secret encryption v1', 32),
    );
    this.recoveryKey = Buffer.from(hkdfSync('sha256', material, '', 'tsumiki recovery code hash v1', 32));
  }

  encryptSecret(plaintext: string, userId: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.encryptionKey, iv);
    cipher.setAAD(Buffer.from(userId, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [VERSION, iv, tag, ciphertext]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** Throws when the ciphertext was altered, belongs to another user or another key. */
  decryptSecret(stored: string, userId: string): string {
    const [version, iv, tag, ciphertext] = stored.split('.');
    if (version !== VERSION || !iv || !tag || ciphertext === undefined) {
      throw new Error('二段階認証の秘密鍵の形式が正しくありません');
    }
    const decipher = createDecipheriv('aes-256-gcm', this.encryptionKey, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(userId, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }

  /** The stored form of a recovery code: letter case, spaces and '-' do not matter. */
  hashRecoveryCode(code: string): string {
    return createHmac('sha256', this.recoveryKey).update(normalizeRecoveryCode(code)).digest('hex');
  }
}

/** Crockford's base32 alphabet: no I, L, O or U to misread. */
const RECOVERY_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const RECOVERY_CODE_COUNT = 10;

export function normalizeRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '');
}

/** One recovery code: 10 characters (50 bits), shown as XXXXX-XXXXX. */
export function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  let code = '';
  for (const byte of bytes) code += RECOVERY_ALPHABET[byte & 31];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}
