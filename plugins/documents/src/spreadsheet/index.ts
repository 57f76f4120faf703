import type { FormatReader } from '../internal/format-reader.js';
import { readOds } from './read-ods.js';
import { readXlsx } from './read-xlsx.js';

export { SPREADSHEET_LIMIT_DEFAULTS } from './spreadsheet-limits.js';

/**
 * The spreadsheet family by media type (xlsx, xlsm, their templates xltx and xltm; ods, ots). Legacy
 * binary xls (BIFF8) is not parsed here: the one pure-JS reader on npm, SheetJS's `xlsx`, is frozen
 * at 0.18.5 with open advisories; the legacy family converts it to xlsx with LibreOffice when that
 * is installed.
 */
export const SPREADSHEET_FORMATS: Record<string, FormatReader> = {
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': readXlsx,
  'application/vnd.ms-excel.sheet.macroEnabled.12': readXlsx,
  'application/vnd.openxmlformats-officedocument.spreadsheetml.template': readXlsx,
  'application/vnd.ms-excel.template.macroEnabled.12': readXlsx,
  'application/vnd.oasis.opendocument.spreadsheet': readOds,
  'application/vnd.oasis.opendocument.spreadsheet-template': readOds,
};
