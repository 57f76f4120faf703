import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findExecutable } from './find-executable.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dir(): string {
  const path = mkdtempSync(join(tmpdir(), 'find-exe-'));
  dirs.push(path);
  return path;
}

describe('findExecutable', () => {
  it('finds the first executable of that name on the path, skipping non-executable files', () => {
    const [a, b, c] = [dir(), dir(), dir()];
    writeFileSync(join(a, 'tool'), 'not executable');
    chmodSync(join(a, 'tool'), 0o644);
    writeFileSync(join(b, 'tool'), '#!/bin/sh\n');
    chmodSync(join(b, 'tool'), 0o755);
    writeFileSync(join(c, 'tool'), '#!/bin/sh\n');
    chmodSync(join(c, 'tool'), 0o755);
    expect(findExecutable('tool', ['', a, b, c].join(delimiter))).toBe(join(b, 'tool'));
    expect(findExecutable('missing-tool', [a, b].join(delimiter))).toBeUndefined();
    expect(findExecutable('tool', '')).toBeUndefined();
  });
});
