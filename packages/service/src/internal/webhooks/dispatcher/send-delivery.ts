import { isSafeFetchError, type SafeFetch, type SafeFetchErrorCode } from '@transmute/engine/net';
import { toResponsePreview } from '../redact-preview.js';
import { parseRetryAfter } from '../schedule-retry.js';
import { toWebhookHeaders } from '../sign-webhook.js';
import type { ClaimedDelivery } from './claim-deliveries.js';

/**
 * `last_error_code` values (CONTRACT §10). `interrupted`: the dispatcher died while the attempt's
 * request was in flight (recorded once its lease ran out; the receiver may have had it).
 */
export type WebhookErrorCode =
  | 'timeout'
  | 'connection_refused'
  | 'connection_reset'
  | 'dns_resolution_failed'
  | 'tls_error'
  | 'destination_blocked'
  | 'redirect_not_followed'
  | 'http_error'
  | 'rate_limited'
  | 'endpoint_gone'
  | 'endpoint_paused'
  | 'endpoint_deleted'
  | 'interrupted';

/** The result of one attempt. */
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

/**
 * Sends one signed attempt (fresh `webhook-timestamp` and signature, `webhook-id` = the event id)
 * through the SSRF-safe fetch and classifies the result. Never throws for delivery failures.
 */
export async function sendDelivery(
  delivery: ClaimedDelivery,
  fetcher: SafeFetch,
  now: Date,
): Promise<AttemptOutcome> {
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
    const status = error.responseStatus ?? null;
    return {
      kind: 'failed',
      code: toErrorCode(error.netCode),
      status,
      preview: null,
      retryAfterSeconds: undefined,
    };
  }
}
