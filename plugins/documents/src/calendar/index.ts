import type { FormatReader } from '../internal/format-reader.js';
import { readIcalendar } from './read-icalendar.js';

/** Calendars (iCalendar), by media type: the IANA one and the names older programs send. */
export const CALENDAR_FORMATS: Record<string, FormatReader> = {
  'text/calendar': readIcalendar,
  'application/ics': readIcalendar,
  'text/x-vcalendar': readIcalendar,
};
