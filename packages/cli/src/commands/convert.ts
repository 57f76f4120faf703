import { copyFile, mkdtemp, open, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createReadStream } from 'node:fs';
import { Option, type Command } from 'commander';
import {
  OUTPUT_FORMATS,
  OUTPUT_PROFILES,
  TransmuteError,
  isTransmuteError,
  type OutputFormat,
  type OutputProfile,
} from '@transmute/contract';
import {
  createEngine,
  mediaTypeFromName,
  sniffMediaType,
  type ConvertSource,
  type PipelineProgress,
} from '@transmute/engine';
import { loadPlugins } from '../internal/load-plugins.js';
import { isDocumentBytes } from '../internal/is-document-bytes.js';

/** Options of `transmute convert`. */
export interface ConvertCommandOptions {
  profile: OutputProfile;
  format: OutputFormat;
  language: string;
  out?: string;
  mediaType?: string;
  includeRawSource?: boolean;
  maxTokens?: string;
}

/** Streams and terminal facts `runConvert` uses (the process's by default). */
export interface ConvertIo {
  stdin: Readable;
  stdout: Writable & { isTTY?: boolean };
  stderr: Writable & { isTTY?: boolean };
  signal?: AbortSignal;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks);
}

function decodeUtf8(bytes: Buffer): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

async function sniffFile(path: string): Promise<string | undefined> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(4100);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return await sniffMediaType(buffer.subarray(0, bytesRead), path);
  } finally {
    await handle.close();
  }
}

async function toSource(
  input: string,
  options: ConvertCommandOptions,
  io: ConvertIo,
  workDir: string,
): Promise<ConvertSource> {
  if (input === '-') {
    const bytes = await readAll(io.stdin);
    const text =
      options.mediaType === undefined && !(await isDocumentBytes(bytes)) ? decodeUtf8(bytes) : undefined;
    if (text !== undefined) return { type: 'text', content: text };
    const path = join(workDir, 'stdin');
    await writeFile(path, bytes);
    const mediaType = options.mediaType ?? (await sniffFile(path));
    if (!mediaType)
      throw new TransmuteError(
        'unsupported_content',
        'Cannot tell the media type of stdin; pass --media-type.',
      );
    return { type: 'files', files: [{ name: 'stdin', mediaType, sizeBytes: bytes.length, path }] };
  }
  let size: number;
  try {
    const info = await stat(input);
    if (!info.isFile()) throw new Error('not a regular file');
    size = info.size;
  } catch (error) {
    throw new TransmuteError('source_unreachable', `Cannot read ${input}: ${(error as Error).message}.`);
  }
  const mediaType = options.mediaType ?? mediaTypeFromName(input) ?? (await sniffFile(input));
  if (!mediaType)
    throw new TransmuteError(
      'unsupported_content',
      `Cannot tell the media type of ${input}; pass --media-type.`,
    );
  return { type: 'files', files: [{ name: basename(input), mediaType, sizeBytes: size, path: input }] };
}

function createProgressPrinter(stderr: ConvertIo['stderr']): (progress: PipelineProgress) => void {
  if (!stderr.isTTY)
    return (progress) => stderr.write(`${JSON.stringify({ type: 'progress', ...progress })}\n`);
  return (progress) => {
    const filled = Math.round(progress.percent / 5);
    const bar = `${'█'.repeat(filled)}${'░'.repeat(20 - filled)}`;
    const label = `${progress.stage}${progress.detail ? `: ${progress.detail}` : ''}`.slice(0, 50);
    stderr.write(
      `\r\x1b[2K${bar} ${String(progress.percent).padStart(3)}% ${label}${progress.percent === 100 ? '\n' : ''}`,
    );
  };
}

function validate(options: ConvertCommandOptions): void {
  if (!(OUTPUT_PROFILES as readonly string[]).includes(options.profile)) {
    throw new TransmuteError('validation_failed', `--profile must be one of ${OUTPUT_PROFILES.join(', ')}.`);
  }
  if (!(OUTPUT_FORMATS as readonly string[]).includes(options.format)) {
    throw new TransmuteError('validation_failed', `--format must be one of ${OUTPUT_FORMATS.join(', ')}.`);
  }
  if (options.language.length < 2 || options.language.length > 35) {
    throw new TransmuteError('validation_failed', '--language must be 2 to 35 characters.');
  }
  if (options.maxTokens !== undefined && !/^[1-9]\d*$/.test(options.maxTokens)) {
    throw new TransmuteError('validation_failed', '--max-tokens must be a positive integer.');
  }
}

/**
 * Runs one conversion in-process: reads a file (or stdin with `-`), converts it with every
 * installed plugin, reports progress on stderr (a bar on a terminal, JSON lines otherwise) and
 * writes the primary artifact to `--out` or stdout. Resolves to the process exit code.
 */
export async function runConvert(
  input: string,
  options: ConvertCommandOptions,
  io: ConvertIo,
): Promise<number> {
  const workDir = await mkdtemp(join(tmpdir(), 'transmute-cli-'));
  const { plugins } = await loadPlugins();
  const engine = createEngine({
    plugins,
    ...(options.maxTokens ? { chunking: { maxTokens: Number(options.maxTokens) } } : {}),
  });
  try {
    validate(options);
    if (options.format === 'zip' && !options.out && io.stdout.isTTY) {
      throw new TransmuteError('validation_failed', 'A zip output is binary: pass --out <file>.');
    }
    const source = await toSource(input, options, io, workDir);
    const result = await engine.convert(
      source,
      {
        profile: options.profile,
        format: options.format,
        language: options.language,
        includeRawSource: options.includeRawSource === true,
      },
      { workDir, onProgress: createProgressPrinter(io.stderr), ...(io.signal ? { signal: io.signal } : {}) },
    );
    for (const warning of result.warnings) {
      io.stderr.write(
        io.stderr.isTTY ? `warning: ${warning}\n` : `${JSON.stringify({ type: 'warning', warning })}\n`,
      );
    }
    const [primary] = result.artifacts;
    if (!primary) throw new TransmuteError('internal_error', 'The conversion produced no artifact.');
    if (options.out) await copyFile(primary.path, options.out);
    else await pipeline(createReadStream(primary.path), io.stdout, { end: false });
    return 0;
  } catch (error) {
    const reason = isTransmuteError(error)
      ? `${error.code}: ${error.message}`
      : error instanceof Error
        ? error.message
        : String(error);
    io.stderr.write(`${io.stderr.isTTY ? '\n' : ''}transmute: error: ${reason.replace(/\s*\n\s*/g, ' ')}\n`);
    return io.signal?.aborted ? 130 : 1;
  } finally {
    await engine.close();
    await rm(workDir, { recursive: true, force: true });
  }
}

/** Registers `transmute convert <file|-> [--profile] [--format] [--language] [--out] [--media-type]`. */
export function registerConvertCommand(program: Command): void {
  program
    .command('convert')
    .description('Convert a file (or stdin with "-") in-process and print or save the output')
    .argument('<input>', 'a file path, or - to read stdin')
    .addOption(
      new Option('--profile <profile>', 'output profile').choices(OUTPUT_PROFILES).default('raw_source'),
    )
    .addOption(new Option('--format <format>', 'output format').choices(OUTPUT_FORMATS).default('markdown'))
    .option('--language <language>', 'language of labels and headings', 'en')
    .option('--out <path>', 'write the output to this file instead of stdout')
    .option('--media-type <type>', 'media type of the input (default: from the extension or the content)')
    .option('--include-raw-source', 'add the raw extracted text to the output')
    .option('--max-tokens <n>', 'token budget of each chunk')
    .action(async (input: string, options: ConvertCommandOptions) => {
      const controller = new AbortController();
      const stop = (): void => controller.abort(new TransmuteError('job_canceled', 'Interrupted.'));
      process.once('SIGINT', stop);
      const code = await runConvert(input, options, {
        stdin: process.stdin,
        stdout: process.stdout,
        stderr: process.stderr,
        signal: controller.signal,
      });
      process.off('SIGINT', stop);
      process.exitCode = code;
    });
}
