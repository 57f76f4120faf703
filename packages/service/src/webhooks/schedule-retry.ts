/** Seconds between attempts (Svix's schedule): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h → 8 attempts. */
export const DEFAULT_RETRY_DELAYS_SECONDS: readonly number[] = [5, 300, 1800, 7200, 18000, 36000, 36000];

/** Per-attempt timeout (CONTRACT §10: success on a 2xx within 15 s). */
export const DEFAULT_WEBHOOK_TIMEOUT_MS = 15_000;

/** Fraction of random spread around each delay (±20 %). */
export const RETRY_JITTER = 0.2;

/**
 * Parses `TRANSMUTE_WEBHOOK_RETRY_DELAYS` (comma-separated seconds between attempts, decimals
 * allowed; an empty string = a single attempt). Returns undefined when unset or invalid.
 */
export function parseRetryDelays(value: string | undefined): number[] | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (trimmed === '') return [];
  const delays = trimmed.split(',').map((part) => Number(part.trim()));
  return delays.every((d) => Number.isFinite(d) && d >= 0) ? delays : undefined;
}

/** Parses `TRANSMUTE_WEBHOOK_TIMEOUT_MS`; undefined when unset or not a positive number. */
export function parseTimeoutMs(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const ms = Number(value);
  return Number.isFinite(ms) && ms > 0 ? ms : undefined;
}

/**
 * Parses a `Retry-After` header (delta seconds or an HTTP date) into seconds from `now`;
 * undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | undefined, now: Date): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - now.getTime()) / 1000);
}

/** Inputs of {@link nextRetryDelayMs}. */
export interface RetryDelayInput {
  /** The configured delays in seconds. */
  delays: readonly number[];
  /** Attempts made so far, including the one that just failed (1-based). */
  attempts: number;
  /** The receiver's `Retry-After`, in seconds, when it sent one. */
  retryAfterSeconds?: number | undefined;
  /** Random source in [0, 1) (injectable for tests). */
  random?: () => number;
}

/**
 * Milliseconds until the next attempt, or undefined when the schedule is exhausted (dead letter).
 * The delay gets ±20 % jitter; a receiver's Retry-After is honoured within [delay, 2 × delay].
 *
 * @example
 * nextRetryDelayMs({ delays: [5, 300], attempts: 1 }); // 4000..6000
 */
export function nextRetryDelayMs(input: RetryDelayInput): number | undefined {
  const delay = input.delays[input.attempts - 1];
  if (delay === undefined) return undefined;
  if (input.retryAfterSeconds !== undefined) {
    return Math.round(Math.min(Math.max(input.retryAfterSeconds, delay), 2 * delay) * 1000);
  }
  const random = input.random ?? Math.random;
  const factor = 1 - RETRY_JITTER + 2 * RETRY_JITTER * random();
  return Math.round(delay * factor * 1000);
}
