import type { ContentProperty } from '../internal/content-lines.js';

/**
 * A DATE or DATE-TIME of an iCalendar property (RFC 5545 §3.3.4-5) as written: the calendar date,
 * the wall-clock time when it has one, and its zone (`UTC` for a trailing `Z`, else the `TZID`).
 * A floating time (no zone) is the same wall-clock time everywhere.
 */
export interface CalendarTime {
  year: number;
  month: number;
  day: number;
  /** Seconds since midnight; undefined for a whole day (`VALUE=DATE`). */
  seconds?: number;
  zone?: string;
}

const DATE_TIME = /^(\d{4})-?(\d{2})-?(\d{2})(?:T(\d{2}):?(\d{2}):?(\d{2})?(Z)?)?$/i;

/** The time a DTSTART, DTEND, DUE, RECURRENCE-ID or COMPLETED property gives, if it reads as one. */
export function calendarTimeOf(property: ContentProperty | undefined): CalendarTime | undefined {
  const match = property === undefined ? null : DATE_TIME.exec(property.value.trim());
  if (property === undefined || match === null) return undefined;
  const [, year, month, day, hours, minutes, seconds, utc] = match;
  const time: CalendarTime = { year: Number(year), month: Number(month), day: Number(day) };
  if (time.month < 1 || time.month > 12 || time.day < 1 || time.day > 31) return undefined;
  if (hours !== undefined) time.seconds = Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds ?? 0);
  const zone = utc === undefined ? property.params['TZID']?.[0]?.replace(/^\//, '') : 'UTC';
  if (zone !== undefined && zone !== '') time.zone = zone;
  return time;
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** `2026-12-01`. */
function dateText(time: CalendarTime): string {
  return `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}`;
}

/** `09:30`, or `09:30:15` when the seconds are not zero. */
function clockText(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return `${pad(hours)}:${pad(minutes)}${rest === 0 ? '' : `:${pad(rest)}`}`;
}

const zoneSuffix = (zone: string | undefined): string =>
  zone === undefined ? '' : zone === 'UTC' ? ' UTC' : ` (${zone})`;

/** `2026-12-01 09:30 (Europe/Berlin)`, `2026-12-01 08:30 UTC`, or `2026-12-01` for a whole day. */
export function formatCalendarTime(time: CalendarTime): string {
  return time.seconds === undefined
    ? dateText(time)
    : `${dateText(time)} ${clockText(time.seconds)}${zoneSuffix(time.zone)}`;
}

/** The same wall-clock arithmetic a calendar shows: `seconds` later, in the same zone. */
function addSeconds(time: CalendarTime, seconds: number): CalendarTime {
  const moment = new Date(
    Date.UTC(time.year, time.month - 1, time.day) + ((time.seconds ?? 0) + seconds) * 1000,
  );
  const later: CalendarTime = {
    year: moment.getUTCFullYear(),
    month: moment.getUTCMonth() + 1,
    day: moment.getUTCDate(),
  };
  if (time.seconds !== undefined)
    later.seconds = moment.getUTCHours() * 3600 + moment.getUTCMinutes() * 60 + moment.getUTCSeconds();
  if (time.zone !== undefined) later.zone = time.zone;
  return later;
}

const DURATION = /^([+-])?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/i;

/** The seconds of a DURATION value (`PT1H30M`, `P1D`, `P2W`), or undefined when it reads as none. */
export function durationSeconds(value: string): number | undefined {
  const match = DURATION.exec(value.trim());
  if (match === null || value.trim().length <= 2) return undefined;
  const [, sign, weeks, days, hours, minutes, seconds] = match;
  const total =
    Number(weeks ?? 0) * 604_800 +
    Number(days ?? 0) * 86_400 +
    Number(hours ?? 0) * 3600 +
    Number(minutes ?? 0) * 60 +
    Number(seconds ?? 0);
  return sign === '-' ? -total : total;
}

const sameDay = (a: CalendarTime, b: CalendarTime): boolean =>
  a.year === b.year && a.month === b.month && a.day === b.day;

/**
 * When an event happens, as a person reads it: `2026-12-01 09:00–10:30 (Europe/Berlin)` on one day,
 * `2026-12-01 22:00 UTC – 2026-12-02 01:00 UTC` across days, `2026-12-01` for a whole day and
 * `2026-12-01 – 2026-12-03` for several (a whole-day end is exclusive: the day after the last).
 * The end is DTEND, else DTSTART plus DURATION; without either, the start alone.
 */
export function formatTimeSpan(start: CalendarTime, end: CalendarTime | undefined): string {
  if (end === undefined) return formatCalendarTime(start);
  if (start.seconds === undefined && end.seconds === undefined) {
    const last = addSeconds(end, -86_400);
    const lastIsLater =
      Date.UTC(last.year, last.month - 1, last.day) > Date.UTC(start.year, start.month - 1, start.day);
    return lastIsLater ? `${dateText(start)} – ${dateText(last)}` : dateText(start);
  }
  if (
    start.seconds !== undefined &&
    end.seconds !== undefined &&
    sameDay(start, end) &&
    start.zone === end.zone
  )
    return `${dateText(start)} ${clockText(start.seconds)}–${clockText(end.seconds)}${zoneSuffix(start.zone)}`;
  return `${formatCalendarTime(start)} – ${formatCalendarTime(end)}`;
}

/** The end of an event or task: the time written (DTEND, or DUE for a task), else its start plus DURATION. */
export function endOf(
  start: CalendarTime | undefined,
  end: ContentProperty | undefined,
  duration: ContentProperty | undefined,
): CalendarTime | undefined {
  const written = calendarTimeOf(end);
  if (written !== undefined || start === undefined || duration === undefined) return written;
  const seconds = durationSeconds(duration.value);
  return seconds === undefined ? undefined : addSeconds(start, seconds);
}
