import { copyFile, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TransmuteError } from '@transmute/plugin-sdk';
import type { LegacyFormat } from './legacy-formats.js';
import { runSoffice } from './run-soffice.js';
import { writeLockedDownProfile } from './soffice-profile.js';

/** What to convert, with which soffice, within which bounds. */
export interface SofficeConversion {
  soffice: string;
  /** The legacy file (it is copied, never converted in place). */
  path: string;
  format: LegacyFormat;
  timeoutMs: number;
  maximumOutputBytes: number;
  signal: AbortSignal;
}

/** The last line soffice printed, for a failure's detail (it says "source file could not be loaded"). */
function lastLine(output: string): string {
  const lines = output.split('\n').map((line) => line.trim());
  return lines.filter((line) => line !== '' && !line.includes('javaldx')).at(-1) ?? 'no output';
}

/**
 * Converts a legacy Office file to its OOXML successor with LibreOffice headless, in a private
 * temporary directory (the input copied in under a fixed name, so no file name reaches the command
 * line; a locked-down profile of its own), hands the converted file's path to `use`, and removes
 * the directory afterwards whatever happens. soffice writing nothing (an unreadable or mislabelled
 * file) is `corrupt_file`.
 *
 * @example
 * const doc = await withSofficeConversion({ soffice, path, format, timeoutMs, maximumOutputBytes, signal },
 *   (docx) => parseInWorker(...));
 */
export async function withSofficeConversion<TResult>(
  conversion: SofficeConversion,
  use: (convertedPath: string, sizeBytes: number) => Promise<TResult>,
): Promise<TResult> {
  const { format } = conversion;
  const directory = await mkdtemp(join(tmpdir(), 'transmute-soffice-'));
  try {
    const input = join(directory, `input.${format.extension}`);
    const outputDirectory = join(directory, 'out');
    await copyFile(conversion.path, input);
    await mkdir(outputDirectory);
    const profile = await writeLockedDownProfile(join(directory, 'profile'));
    const output = await runSoffice({
      soffice: conversion.soffice,
      // prettier-ignore
      args: [`-env:UserInstallation=${profile}`, '--headless', '--invisible', '--norestore', '--nolockcheck',
        '--nodefault', '--nologo', '--convert-to', `${format.target}:${format.filter}`, '--outdir', outputDirectory, input],
      directory,
      outputDirectory,
      timeoutMs: conversion.timeoutMs,
      maximumOutputBytes: conversion.maximumOutputBytes,
      signal: conversion.signal,
    });
    const converted = join(outputDirectory, `input.${format.target}`);
    const sizeBytes = await stat(converted).then(
      (entry) => entry.size,
      () => 0,
    );
    if (sizeBytes === 0)
      throw new TransmuteError(
        'corrupt_file',
        `LibreOffice could not read this ${format.name} file (${lastLine(output)}).`,
      );
    if (sizeBytes > conversion.maximumOutputBytes)
      throw new TransmuteError(
        'limit_exceeded',
        `The converted document is larger than ${String(conversion.maximumOutputBytes)} bytes (maximum_converted_bytes).`,
      );
    return await use(converted, sizeBytes);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
