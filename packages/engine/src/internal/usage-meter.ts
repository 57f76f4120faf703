import type { UsageUnit } from '@transmute/contract';
import type { UsageQuantities } from '../engine-types.js';

/** Accumulates usage quantities and warnings of one run. */
export interface RunRecorder {
  readonly usage: UsageQuantities;
  readonly warnings: string[];
  meter(unit: UsageUnit, quantity: number): void;
  warn(code: string, detail: string): void;
  /** Adds a warning that is already a `code: sentence` string (kept once). */
  add(entry: string): void;
}

/** Creates a recorder, optionally seeded (a checkpoint's usage and warnings). */
export function createRunRecorder(seed?: { usage?: UsageQuantities; warnings?: string[] }): RunRecorder {
  const usage: UsageQuantities = { ...(seed?.usage ?? {}) };
  const warnings: string[] = [...(seed?.warnings ?? [])];
  return {
    usage,
    warnings,
    meter(unit, quantity) {
      if (!Number.isFinite(quantity) || quantity <= 0) return;
      usage[unit] = (usage[unit] ?? 0) + quantity;
    },
    warn(code, detail) {
      const entry = `${code}: ${detail}`;
      if (!warnings.includes(entry)) warnings.push(entry);
    },
    add(entry) {
      if (!warnings.includes(entry)) warnings.push(entry);
    },
  };
}
