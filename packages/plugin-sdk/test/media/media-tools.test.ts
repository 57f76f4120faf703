import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { memoizeMediaTools, missingMediaToolsReason, resolveMediaTools } from '../../src/media.js';

const savedPath = process.env.PATH;
afterEach(() => {
  process.env.PATH = savedPath;
});

/** A directory with `node` but no ffmpeg: PATH as on a machine without Debian's ffmpeg. */
function pathWithoutFfmpeg(): string {
  return mkdtempSync(join(tmpdir(), 'transmute-no-ffmpeg-'));
}

describe('resolveMediaTools', () => {
  it("finds Debian's ffmpeg and ffprobe on PATH", async () => {
    expect(await resolveMediaTools()).toMatchObject({ origin: 'system' });
  });

  it('uses configured paths first', async () => {
    const system = await resolveMediaTools();
    expect(system).not.toBeNull();
    const configured = { ffmpegPath: system?.ffmpeg ?? '', ffprobePath: system?.ffprobe ?? '' };
    expect(await resolveMediaTools(configured)).toEqual({
      ffmpeg: configured.ffmpegPath,
      ffprobe: configured.ffprobePath,
      origin: 'configured',
    });
  });

  it('finds nothing without ffmpeg on PATH, and says why', async () => {
    process.env.PATH = pathWithoutFfmpeg();
    expect(await resolveMediaTools()).toBeNull();
    expect(missingMediaToolsReason()).toBe(
      "ffmpeg not found on PATH; install Debian's ffmpeg or set TRANSMUTE_FFMPEG_PATH and TRANSMUTE_FFPROBE_PATH",
    );
  });

  it('refuses configured paths that do not run (a bogus TRANSMUTE_FFMPEG_PATH)', async () => {
    process.env.PATH = pathWithoutFfmpeg();
    const dir = mkdtempSync(join(tmpdir(), 'transmute-bogus-ffmpeg-'));
    const bogus = join(dir, 'ffmpeg');
    writeFileSync(bogus, '#!/bin/sh\nexit 1\n', { mode: 0o755 });
    const options = { ffmpegPath: bogus, ffprobePath: bogus };
    expect(await resolveMediaTools(options)).toBeNull();
    expect(await memoizeMediaTools({ ffmpegPath: join(dir, 'missing'), ffprobePath: bogus })()).toBeNull();
    expect(missingMediaToolsReason(options)).toMatch(/^ffmpeg\/ffprobe at TRANSMUTE_FFMPEG_PATH/);
  });
});
