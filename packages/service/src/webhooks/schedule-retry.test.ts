import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RETRY_DELAYS_SECONDS,
  nextRetryDelayMs,
  parseRetryAfter,
  parseRetryDelays,
  parseTimeoutMs,
} from './schedule-retry.js';

describe('retry schedule', () => {
  it('defaults to 8 attempts: immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h', () => {
    expect(DEFAULT_RETRY_DELAYS_SECONDS).toEqual([5, 300, 1800, 7200, 18000, 36000, 36000]);
  });

  it('applies ±20 % jitter and ends after the last delay', () => {
    const delays = [5, 300];
    expect(nextRetryDelayMs({ delays, attempts: 1, random: () => 0 })).toBe(4000);
    expect(nextRetryDelayMs({ delays, attempts: 1, random: () => 0.999999 })).toBe(6000);
    expect(nextRetryDelayMs({ delays, attempts: 2, random: () => 0.5 })).toBe(300_000);
    expect(nextRetryDelayMs({ delays, attempts: 3 })).toBeUndefined();
  });

  it('honours Retry-After within [delay, 2 × delay]', () => {
    const delays = [10];
    expect(nextRetryDelayMs({ delays, attempts: 1, retryAfterSeconds: 15 })).toBe(15_000);
    expect(nextRetryDelayMs({ delays, attempts: 1, retryAfterSeconds: 1 })).toBe(10_000);
    expect(nextRetryDelayMs({ delays, attempts: 1, retryAfterSeconds: 3600 })).toBe(20_000);
  });

  it('parses the environment and Retry-After forms', () => {
    expect(parseRetryDelays('1, 2,0.5')).toEqual([1, 2, 0.5]);
    expect(parseRetryDelays('')).toEqual([]);
    expect(parseRetryDelays('a,1')).toBeUndefined();
    expect(parseRetryDelays(undefined)).toBeUndefined();
    expect(parseTimeoutMs('250')).toBe(250);
    expect(parseTimeoutMs('0')).toBeUndefined();
    const now = new Date('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:01:00 GMT', now)).toBe(60);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });
});
