import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const DEVICE_COOKIE = 'tsumiki_device';
/** Half a year: a browser people use every week stays known. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
/** Accounts one browser is remembered for: a clinic's reception PC is shared by its staff. */
const ACCOUNTS_PER_DEVICE = 5;
const PART = /^[A-Za-z0-9_-]{22}$/;

/**
 * The device cookie of the sign-in throttle (sign-in-throttle.ts): `<deviceId>.<mark>…`, a
 * random id of the browser and, for each account that signed in from it (newest first), the
 * mark HMAC(server key, deviceId + user id), 128 bits. Opaque: nobody reads a user id out of
 * it, and only the server, which knows both the key and the account being signed in to, can
 * tell whether a mark belongs to that account. A browser cannot make one up.
 */
export class DeviceCookies {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('tsumiki sign-in device cookie v2').digest();
  }

  /** The cookie after `userId` signed in from this browser: its id kept, this account's mark first. */
  issue(userId: string, cookie: string | undefined): string {
    const parsed = parse(cookie);
    const id = parsed?.id ?? randomBytes(16).toString('base64url');
    const mark = this.mark(id, userId);
    const others = (parsed?.marks ?? []).filter((other) => other !== mark);
    return [id, mark, ...others.slice(0, ACCOUNTS_PER_DEVICE - 1)].join('.');
  }

  /**
   * This browser's mark for the account when it has signed in to it before, else null. The mark
   * names the browser-and-account pair in the throttle without naming either.
   */
  knownDevice(cookie: string | undefined, userId: string | undefined): string | null {
    const parsed = parse(cookie);
    if (!parsed || !userId) return null;
    const expected = Buffer.from(this.mark(parsed.id, userId));
    const known = parsed.marks.some((mark) => timingSafeEqual(Buffer.from(mark), expected));
    return known ? expected.toString() : null;
  }

  private mark(id: string, userId: string): string {
    return createHmac('sha256', this.key)
      .update(`${id}.${userId}`)
      .digest()
      .subarray(0, 16)
      .toString('base64url');
  }
}

function parse(cookie: string | undefined): { id: string; marks: string[] } | null {
  if (!cookie) return null;
  const [id, ...marks] = cookie.split('.');
  if (!id || marks.length === 0 || marks.length > ACCOUNTS_PER_DEVICE) return null;
  if (![id, ...marks].every((part) => PART.test(part))) return null;
  return { id, marks };
}

/** The value of one cookie from a Cookie header (no cookie library for one name). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}
