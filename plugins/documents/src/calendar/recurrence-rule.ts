import { calendarTimeOf, formatCalendarTime } from './calendar-time.js';

const UNITS: Record<string, [once: string, many: string]> = {
  SECONDLY: ['every second', 'seconds'],
  MINUTELY: ['every minute', 'minutes'],
  HOURLY: ['hourly', 'hours'],
  DAILY: ['daily', 'days'],
  WEEKLY: ['weekly', 'weeks'],
  MONTHLY: ['monthly', 'months'],
  YEARLY: ['yearly', 'years'],
};

const WEEKDAYS: Record<string, string> = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
};

const ORDINALS: Record<string, string> = {
  '1': 'first',
  '2': 'second',
  '3': 'third',
  '4': 'fourth',
  '5': 'fifth',
  '-1': 'last',
  '-2': 'second to last',
};

/** `MO` → Monday, `1MO` → the first Monday, `-1FR` → the last Friday; undefined when it reads as none. */
function weekdayText(value: string): string | undefined {
  const match = /^([+-]?\d{1,2})?([A-Z]{2})$/i.exec(value.trim());
  const day = match === null ? undefined : WEEKDAYS[(match[2] ?? '').toUpperCase()];
  if (match === null || day === undefined) return undefined;
  if (match[1] === undefined) return day;
  const ordinal = ORDINALS[String(Number(match[1]))];
  return ordinal === undefined ? undefined : `the ${ordinal} ${day}`;
}

/**
 * An RRULE (RFC 5545 §3.3.10) as a person reads it: `FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;COUNT=6` →
 * `every 2 weeks on Monday, Wednesday, 6 times`; `FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20270101` →
 * `monthly on the last Friday, until 2027-01-01`. Parts it does not phrase (BYSETPOS, BYWEEKNO, …)
 * are added as written, so nothing of the rule is lost; a rule without a known FREQ is given as written.
 */
export function describeRecurrence(rule: string): string {
  const parts = new Map<string, string>();
  for (const part of rule.split(';')) {
    const equals = part.indexOf('=');
    if (equals > 0) parts.set(part.slice(0, equals).trim().toUpperCase(), part.slice(equals + 1).trim());
  }
  const unit = UNITS[(parts.get('FREQ') ?? '').toUpperCase()];
  if (unit === undefined) return rule;
  const interval = Number(parts.get('INTERVAL') ?? '1');
  const phrases = [
    Number.isInteger(interval) && interval > 1 ? `every ${String(interval)} ${unit[1]}` : unit[0],
  ];
  const days = (parts.get('BYDAY') ?? '')
    .split(',')
    .filter((day) => day !== '')
    .map(weekdayText);
  const monthDays = parts.get('BYMONTHDAY');
  const daysPhrased = days.length > 0 && days.every((day) => day !== undefined);
  const on = daysPhrased ? days.filter((day): day is string => day !== undefined) : [];
  if (monthDays !== undefined) on.push(`day ${monthDays.replaceAll(',', ', ')}`);
  if (on.length > 0) phrases[0] += ` on ${on.join(', ')}`;
  const count = parts.get('COUNT');
  if (count !== undefined) phrases.push(count === '1' ? 'once' : `${count} times`);
  const until = parts.get('UNTIL');
  const untilTime =
    until === undefined ? undefined : calendarTimeOf({ name: 'UNTIL', params: {}, value: until });
  if (until !== undefined)
    phrases.push(`until ${untilTime === undefined ? until : formatCalendarTime(untilTime)}`);
  const phrased = new Set(['FREQ', 'INTERVAL', 'COUNT', 'UNTIL', 'WKST', 'BYMONTHDAY']);
  if (daysPhrased || days.length === 0) phrased.add('BYDAY');
  const rest = [...parts].filter(([name]) => !phrased.has(name)).map(([name, value]) => `${name}=${value}`);
  if (rest.length > 0) phrases.push(`(${rest.join(';')})`);
  return phrases.join(', ');
}
