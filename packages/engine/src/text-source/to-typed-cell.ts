import type { CellValue } from '@transmute/plugin-sdk';

const NUMBER = /^[+-]?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$|^[+-]?0?\.\d+(?:[eE][+-]?\d+)?$/;

/**
 * Types a delimited-text cell: blank → null, `true`/`false` → boolean, plain decimal numbers →
 * number (not codes with leading zeros like `007`, which stay strings), anything else → string.
 */
export function toTypedCell(raw: string): CellValue {
  const value = raw.trim();
  if (value === '') return null;
  const lower = value.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  if (NUMBER.test(value)) {
    const number = Number(value);
    if (Number.isFinite(number)) return number;
  }
  return raw;
}

/** Types a JSON value for a table cell: scalars keep their type, objects and arrays become JSON text. */
export function toJsonCell(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value) ?? null;
}
