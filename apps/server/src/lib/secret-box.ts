import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/*
 * Authenticated apps' secrets at rest: AES-256-GCM under a key derived (HKDF-SHA256) from the
 * server's secret, so a copy of the database alone does not reveal them. Stored as
 * `v1.<iv>.<tag>.<ciphertext>` in base64url; the app's id is bound in as associated data so a
 * ciphertext cannot be moved onto another app's row.
 */

const VERSION = 'v1';

function keyOf(serverSecret: Uint8Array): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'mapwright', 'authenticated-app-secrets', 32));
}

export function encryptSecret(serverSecret: Uint8Array, plaintext: string, boundTo: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(serverSecret), iv);
  cipher.setAAD(Buffer.from(boundTo));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** Throws when the ciphertext was tampered with or the server secret changed. */
export function decryptSecret(serverSecret: Uint8Array, stored: string, boundTo: string): string {
  const [version, iv, tag, body] = stored.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('unknown secret format');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(serverSecret), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(boundTo));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
