import { vi, type MockInstance } from 'vitest';

/** What a test's code printed: every console call (method first) and the writes to stderr. */
export interface CapturedConsole {
  printed: unknown[][];
  stderrWrites: MockInstance<typeof process.stderr.write>;
}

/** Captures the console and stderr until `vi.restoreAllMocks()`; nothing reaches the terminal. */
export function captureConsole(): CapturedConsole {
  const printed: unknown[][] = [];
  for (const method of ['log', 'info', 'debug', 'warn', 'error'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      printed.push([method, ...args]);
    });
  }
  return { printed, stderrWrites: vi.spyOn(process.stderr, 'write') };
}
