import type { Writable } from 'node:stream';

/** A stream that may be a terminal. */
export type MaybeTty = Writable & { isTTY?: boolean };

/** A progress bar on stderr; every method does nothing when stderr is not a terminal. */
export interface ProgressBar {
  /** Redraws the bar at `percent` (0..100) with a label; the bar never moves backwards. */
  update(percent: number, label: string): void;
  /** Ends the bar's line (once drawn). */
  done(): void;
}

/** One frame of the bar: 20 cells, the percentage and a label cut to 50 characters. */
export function renderBar(percent: number, label: string): string {
  const clamped = Math.max(0, Math.min(100, Math.round(percent)));
  const filled = Math.round(clamped / 5);
  return `${'█'.repeat(filled)}${'░'.repeat(20 - filled)} ${String(clamped).padStart(3)}% ${label.slice(0, 50)}`;
}

/** A bar drawn in place on a terminal (`\r` + erase line), nothing elsewhere. */
export function createProgressBar(stream: MaybeTty): ProgressBar {
  if (stream.isTTY !== true) return { update: () => undefined, done: () => undefined };
  let highest = 0;
  let drawn = false;
  return {
    update(percent, label) {
      highest = Math.max(highest, percent);
      stream.write(`\r\x1b[2K${renderBar(highest, label)}`);
      drawn = true;
    },
    done() {
      if (drawn) stream.write('\n');
      drawn = false;
    },
  };
}

/** A byte count for labels: `512 B`, `1.4 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${String(bytes)} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit] ?? 'TB'}`;
}
