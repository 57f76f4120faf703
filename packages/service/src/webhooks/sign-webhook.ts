import { createHmac } from 'node:crypto';

/** What a Standard Webhooks signature covers. */
export interface WebhookSignatureInput {
  /** `webhook-id`: the event id (the same on every retry and replay). */
  id: string;
  /** `webhook-timestamp`: unix seconds of this attempt. */
  timestamp: number;
  /** The exact request body. */
  body: string;
  /** Signing secrets (`whsec_…`), current first; two during the 24 h after a rotation. */
  secrets: readonly string[];
}

/** The key bytes of a `whsec_<base64>` secret (a secret without the prefix is base64 too). */
export function toSigningKey(secret: string): Buffer {
  const encoded = secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret;
  return Buffer.from(encoded, 'base64');
}

/** `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">` for one secret. */
export function signWebhookOnce(secret: string, id: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', toSigningKey(secret)).update(`${id}.${String(timestamp)}.${body}`);
  return `v1,${mac.digest('base64')}`;
}

/**
 * The `webhook-signature` header value (Standard Webhooks): one `v1,<sig>` per secret,
 * space-separated, so a receiver holding either the old or the new secret verifies.
 *
 * @example
 * signWebhook({ id: 'evt_1', timestamp: 1614265330, body: '{}', secrets: [current, previous] });
 */
export function signWebhook(input: WebhookSignatureInput): string {
  return input.secrets
    .map((secret) => signWebhookOnce(secret, input.id, input.timestamp, input.body))
    .join(' ');
}

/** The headers of one delivery attempt. */
export function toWebhookHeaders(input: WebhookSignatureInput): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'Transmute-Webhooks/1',
    'webhook-id': input.id,
    'webhook-timestamp': String(input.timestamp),
    'webhook-signature': signWebhook(input),
  };
}
