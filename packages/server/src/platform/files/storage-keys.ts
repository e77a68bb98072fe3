import { createHash } from 'node:crypto';

/**
 * The shapes every storage shares: keys are `<tenantId>/<sha256>` (content-addressed and
 * tenant-prefixed), staged files are named by a UUID. A key or id is checked against its shape
 * before it names a path or an object, so nothing outside the store's own space can be named.
 */
export const TENANT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const STORAGE_KEY = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/([0-9a-f]{64})$/;
export const STAGED_ID = /^[0-9a-f-]{36}$/;
/** Where staged uploads wait: a directory under the root, or a key prefix in the bucket. */
export const STAGING = '.staging';
/** Bytes kept from the start of an upload for type detection by magic bytes. */
export const HEAD_BYTES = 4100;

/** The key of `sha256` in `tenantId`; throws on an id that is not a tenant's. */
export function storageKey(tenantId: string, sha256: string): string {
  if (!TENANT_ID.test(tenantId)) throw new Error(`テナント ID の形式が正しくありません: ${tenantId}`);
  return `${tenantId}/${sha256}`;
}

/** Size, SHA-256 and first bytes of an upload, taken as its chunks stream past. */
export class UploadDigest {
  size = 0;
  private readonly hash = createHash('sha256');
  private readonly head: Buffer[] = [];
  private headLength = 0;

  add(chunk: Buffer): void {
    this.size += chunk.length;
    this.hash.update(chunk);
    if (this.headLength < HEAD_BYTES) {
      const piece = chunk.subarray(0, HEAD_BYTES - this.headLength);
      this.head.push(piece);
      this.headLength += piece.length;
    }
  }

  finish(): { size: number; sha256: string; head: Uint8Array } {
    return { size: this.size, sha256: this.hash.digest('hex'), head: Buffer.concat(this.head) };
  }
}
