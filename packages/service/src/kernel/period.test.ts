import { describe, expect, it } from 'vitest';
import { periodOf } from './context.js';

describe('periodOf', () => {
  it('answers the calendar month (UTC) of each date, also when months alternate', () => {
    const dates = ['2026-12-31T23:59:59.999Z', '2027-01-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z'];
    const expected = [
      { start: '2026-12-01T00:00:00.000Z', end: '2027-01-01T00:00:00.000Z' },
      { start: '2027-01-01T00:00:00.000Z', end: '2027-02-01T00:00:00.000Z' },
      { start: '2026-12-01T00:00:00.000Z', end: '2027-01-01T00:00:00.000Z' },
    ];
    for (let round = 0; round < 2; round++) {
      dates.forEach((date, index) => expect(periodOf(new Date(date))).toEqual(expected[index]));
    }
    // The same month answers the same value, which no caller can change.
    const period = periodOf(new Date('2026-12-15T12:00:00Z'));
    expect(periodOf(new Date('2026-12-02T00:00:00Z'))).toBe(period);
    expect(Object.isFrozen(period)).toBe(true);
  });
});
