import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** RFC 6238 as authenticator apps expect it: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;
const TOTP_DIGITS = 6;
/** Codes of the step before and after the current one are accepted too (clock drift). */
const TOTP_WINDOW = 1;
/** The issuer shown in authenticator apps when the client names none. */
export const DEFAULT_TOTP_ISSUER = 'Tsumiki';

/** A new random TOTP secret (160 bits, the RFC's recommendation for SHA-1), in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secret: string, issuer: string, label: string): TOTP {
  return new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });
}

export interface TotpEnrolment {
  secret: string;
  uri: string;
  /** An SVG image of the URI as a QR code (GoTrue sends the SVG text; auth-js makes it a data URI). */
  qrCode: string;
}

export async function totpEnrolment(secret: string, issuer: string, label: string): Promise<TotpEnrolment> {
  const uri = totp(secret, issuer, label).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  // auth-js puts the SVG text after `data:image/svg+xml;utf-8,` as it is, where a `#` would
  // start the URL's fragment and cut the image short: colours by name instead.
  const qrCode = svg.replaceAll('"#ffffff"', '"white"').replaceAll('"#000000"', '"black"');
  if (qrCode.includes('#')) throw new Error('QR コードの SVG に # が残っています');
  return { secret, uri, qrCode };
}

/**
 * The time step of the code if it is valid at `now` (±1 step), else null. The caller refuses a
 * step not later than the last one used, so each code works once.
 */
export function totpStep(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const timestamp = now.getTime();
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    timestamp,
    window: TOTP_WINDOW,
  });
  if (delta === null) return null;
  return TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp }) + delta;
}
