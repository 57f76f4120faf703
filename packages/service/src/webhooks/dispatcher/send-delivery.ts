import type { WebhookErrorCode } from '@transmute/contract';
import { isSafeFetchError, type SafeFetch, type SafeFetchErrorCode } from '@transmute/engine/net';
import { toResponsePreview } from '../redact-preview.js';
import { parseRetryAfter } from '../schedule-retry.js';
import { toWebhookHeaders } from '../sign-webhook.js';
import type { ClaimedDelivery } from './claim-deliveries.js';

/** The result of one attempt; a failure's code is one of the contract's `WEBHOOK_ERROR_CODES`. */
export type AttemptOutcome =
  | { kind: 'succeeded'; status: number; preview: string }
  | {
      kind: 'failed';
      code: WebhookErrorCode;
      status: number | null;
      preview: string | null;
      retryAfterSeconds: number | undefined;
    };

function toErrorCode(code: SafeFetchErrorCode): WebhookErrorCode {
  switch (code) {
    case 'too_many_redirects':
    case 'redirect_not_followed':
      return 'redirect_not_followed';
    case 'response_too_large':
      return 'http_error';
    case 'destination_blocked':
    case 'dns_resolution_failed':
    case 'connection_refused':
    case 'connection_reset':
    case 'timeout':
    case 'tls_error':
      return code;
  }
}

/** The exact body sent: the stored envelope; test deliveries carry `"test": true`. */
export function toDeliveryBody(delivery: Pick<ClaimedDelivery, 'payload' | 'isTest'>): string {
  if (!delivery.isTest) return delivery.payload;
  const envelope = JSON.parse(delivery.payload) as Record<string, unknown>;
  return envelope.test === true ? delivery.payload : JSON.stringify({ ...envelope, test: true });
}

function classifyStatus(status: number): WebhookErrorCode | null {
  if (status >= 200 && status < 300) return null;
  if (status === 410) return 'endpoint_gone';
  if (status === 429) return 'rate_limited';
  if (status >= 300 && status < 400) return 'redirect_not_followed';
  return 'http_error';
}

function failure(code: WebhookErrorCode, status: number | null = null): AttemptOutcome {
  return { kind: 'failed', code, status, preview: null, retryAfterSeconds: undefined };
}

/**
 * Sends one signed attempt (fresh `webhook-timestamp` and signature, `webhook-id` = the event id)
 * through the SSRF-safe fetch and classifies the result; a delivery whose secret could not be read
 * fails `secret_unreadable` without a request. Never throws for delivery failures.
 */
export async function sendDelivery(
  delivery: ClaimedDelivery,
  fetcher: SafeFetch,
  now: Date,
): Promise<AttemptOutcome> {
  if (delivery.secrets === null) {
    // Nothing can be signed: fail this delivery alone, its batch goes on (claimDeliveries logged it).
    return failure('secret_unreadable');
  }
  const body = toDeliveryBody(delivery);
  const timestamp = Math.floor(now.getTime() / 1000);
  const headers = toWebhookHeaders({ id: delivery.eventId, timestamp, body, secrets: delivery.secrets });
  try {
    const response = await fetcher(delivery.url, { method: 'POST', headers, body });
    const preview = toResponsePreview(response.body.toString('utf8'));
    const code = classifyStatus(response.status);
    if (code === null) return { kind: 'succeeded', status: response.status, preview };
    const retryAfterSeconds = parseRetryAfter(response.headers['retry-after'], now);
    return { kind: 'failed', code, status: response.status, preview, retryAfterSeconds };
  } catch (error) {
    if (!isSafeFetchError(error)) throw error;
    return failure(toErrorCode(error.netCode), error.responseStatus ?? null);
  }
}
