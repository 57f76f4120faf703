import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { decodeBase64url } from './base64url.js';

/** What every value {@link encryptSecret} sealed starts with (JSON and `whsec_` secrets never do). */
export const ENCRYPTED_PREFIX = 'enc:v1:';

function keyOf(masterKey: string): Buffer {
  return createHash('sha256').update(masterKey).digest();
}

/**
 * Encrypts a value kept at rest (a webhook secret, a remembered idempotent answer) with AES-256-GCM
 * under the master key (`enc:v1:` + base64url of iv ‖ tag ‖ ciphertext). Without a master key the
 * value is stored as it is (documented; `transmute serve` always has one).
 */
export function encryptSecret(secret: string, masterKey: string | undefined): string {
  if (masterKey === undefined || masterKey === '') return secret;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(masterKey), iv);
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ENCRYPTED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url');
}

/** Reverses {@link encryptSecret}; plain values (no master key at write time) pass through. */
export function decryptSecret(stored: string, masterKey: string | undefined): string {
  if (!stored.startsWith(ENCRYPTED_PREFIX)) return stored;
  if (masterKey === undefined || masterKey === '') {
    throw new Error('A value is stored encrypted but no master key is configured.');
  }
  const raw = decodeBase64url(stored.slice(ENCRYPTED_PREFIX.length));
  if (raw === null || raw.length < 28) throw new Error('An encrypted value is stored damaged.');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(masterKey), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

/** A new Standard Webhooks secret: `whsec_` + base64 of 24 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}
