// Saved drafts at rest: AES-256-GCM under a key derived with HKDF-SHA256 from AUTH_SECRET, with a
// fresh 12-byte nonce per draft, and the draft's token hash as associated data, so that a sealed
// draft moved to another row does not open. Stored as nonce ‖ tag ‖ ciphertext. Each use seals
// under its own key (HKDF's info): staff TOTP secrets under STAFF_TOTP_KEY
// (office/auth/credentials.ts).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const SAVED_APPLICATION_KEY = 'eta-il saved-application v1';

export interface Sealer {
  seal: (plaintext: string, boundTo: Uint8Array) => Buffer;
  /** The plaintext, or undefined when the bytes were not sealed by this key for `boundTo`. */
  open: (sealed: Uint8Array, boundTo: Uint8Array) => string | undefined;
}

/** A sealer under the key HKDF derives from `secret` for `purpose` (one key per kind of data). */
export const createSealer = (secret: string, purpose = SAVED_APPLICATION_KEY): Sealer => {
  const key = Buffer.from(hkdfSync('sha256', secret, 'eta-il', purpose, 32));
  return {
    seal: (plaintext, boundTo) => {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
      cipher.setAAD(boundTo);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return Buffer.concat([nonce, cipher.getAuthTag(), body]);
    },
    open: (sealed, boundTo) => {
      const bytes = Buffer.from(sealed);
      if (bytes.length < NONCE_BYTES + TAG_BYTES) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, NONCE_BYTES), {
          authTagLength: TAG_BYTES,
        });
        decipher.setAAD(boundTo);
        decipher.setAuthTag(bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
        const body = bytes.subarray(NONCE_BYTES + TAG_BYTES);
        return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
};
