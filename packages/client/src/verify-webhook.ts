import { createHmac, timingSafeEqual } from 'node:crypto';
import type { EventEnvelope } from '@transmute/contract';

/** Thrown by {@link verifyWebhook} when a delivery is not authentic or not fresh. */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
}

/** Headers as `fetch` (`Headers`) or node:http (`IncomingHttpHeaders`) give them. */
export type WebhookHeaders = Headers | Record<string, string | readonly string[] | undefined>;

/** Options of {@link verifyWebhook}. */
export interface VerifyWebhookOptions {
  /** Accepted distance between `webhook-timestamp` and now, in seconds (default 300). */
  toleranceSeconds?: number;
  /** Current time in milliseconds (default `Date.now()`). */
  now?: number;
}

const SECRET_PREFIX = 'whsec_';

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const found = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return typeof found === 'string' ? found : found?.join(' ');
}

function toKey(secret: string): Buffer {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  const key = Buffer.from(encoded, 'base64');
  if (key.length === 0) throw new WebhookVerificationError('The webhook secret is empty or not base64.');
  return key;
}

/** The `v1` signatures of a `webhook-signature` header, decoded. */
function signatures(value: string): Buffer[] {
  return value
    .split(' ')
    .map((part) => part.split(','))
    .filter(([version, signature]) => version === 'v1' && signature !== undefined && signature !== '')
    .map(([, signature]) => Buffer.from(signature ?? '', 'base64'));
}

/**
 * Verifies a webhook delivery as Standard Webhooks defines it (the scheme the service signs with,
 * CONTRACT §10) and returns the parsed event envelope. Pass the raw body exactly as received: the
 * signature is an HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{body}` keyed by the base64
 * part of the `whsec_` secret. Any `v1,` signature of the space-separated list may match (two are
 * sent while a rotated secret still signs); pass several secrets to accept either side of a rotation.
 * Timestamps more than five minutes away from now are refused (replay protection).
 *
 * @example
 * const event = verifyWebhook(rawBody, request.headers, process.env.TRANSMUTE_WEBHOOK_SECRET ?? '');
 * if (event.type === 'job.succeeded') { … }
 */
export function verifyWebhook(
  payload: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string | readonly string[],
  options: VerifyWebhookOptions = {},
): EventEnvelope {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatureHeader = header(headers, 'webhook-signature');
  if (id === undefined || timestamp === undefined || signatureHeader === undefined) {
    throw new WebhookVerificationError('Missing webhook-id, webhook-timestamp or webhook-signature header.');
  }
  if (!/^\d+$/.test(timestamp)) throw new WebhookVerificationError('Invalid webhook-timestamp header.');
  const nowSeconds = Math.floor((options.now ?? Date.now()) / 1000);
  const tolerance = options.toleranceSeconds ?? 300;
  const sentAt = Number(timestamp);
  if (sentAt < nowSeconds - tolerance)
    throw new WebhookVerificationError('The webhook timestamp is too old.');
  if (sentAt > nowSeconds + tolerance)
    throw new WebhookVerificationError('The webhook timestamp is too new.');

  const body = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : Buffer.from(payload);
  const candidates = signatures(signatureHeader);
  const secrets = typeof secret === 'string' ? [secret] : secret;
  const matched = secrets.some((one) => {
    const expected = createHmac('sha256', toKey(one)).update(`${id}.${timestamp}.`).update(body).digest();
    // timingSafeEqual: the comparison time says nothing about how many bytes matched.
    return candidates.some(
      (candidate) => candidate.length === expected.length && timingSafeEqual(candidate, expected),
    );
  });
  if (!matched) throw new WebhookVerificationError('No matching webhook signature found.');
  try {
    return JSON.parse(body.toString('utf8')) as EventEnvelope;
  } catch (error) {
    throw new WebhookVerificationError('The webhook payload is not JSON.', { cause: error });
  }
}
