import { copyFile, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createReadStream } from 'node:fs';
import { Option, type Command } from 'commander';
import {
  DEFAULT_OUTPUT_LANGUAGE,
  DEFAULT_OUTPUT_PROFILE,
  OUTPUT_FORMATS,
  OUTPUT_PROFILES,
  TransmuteError,
  type OutputFormat,
  type OutputProfile,
} from '@transmute/contract';
import { mediaTypeFromName, type ConvertSource, type Engine, type PipelineProgress } from '@transmute/engine';
import { describeError } from '../internal/error-hints.js';
import { EXIT_CODES, exitCodeOf } from '../internal/exit-codes.js';
import { isDocumentBytes } from '../internal/is-document-bytes.js';
import { isBrokenPipe } from '../internal/exit-on-broken-pipe.js';
import { openEngine } from '../internal/open-engine.js';
import { sniffFile, sniffMarkup } from '../internal/media-types.js';
import { createProgressBar, formatBytes } from '../internal/progress-bar.js';

/** Options of `transmute convert`. */
export interface ConvertCommandOptions {
  profile: OutputProfile;
  format: OutputFormat;
  /** Labels and headings; default `en`, as the API's (DEFAULT_OUTPUT_LANGUAGE). */
  language?: string;
  out?: string;
  mediaType?: string;
  includeRawSource?: boolean;
  maxTokens?: string;
  /** No progress, warnings or `wrote` line on stderr (errors still). */
  quiet?: boolean;
  /** Let a URL input reach private and loopback addresses and plain http (development only). */
  allowPrivateNetworks?: boolean;
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

/** stdin: `--media-type` when given, else HTML markup as HTML, other UTF-8 as text, else the bytes' type. */
async function stdinSource(
  options: ConvertCommandOptions,
  io: ConvertIo,
  workDir: string,
): Promise<ConvertSource> {
  const bytes = await readAll(io.stdin);
  // Bytes that sniff as a document (an RTF is valid UTF-8 too) are never read as plain text.
  const text =
    options.mediaType === undefined && !(await isDocumentBytes(bytes)) ? decodeUtf8(bytes) : undefined;
  if (text !== undefined && sniffMarkup(text) === undefined) return { type: 'text', content: text };
  const path = join(workDir, 'stdin');
  await writeFile(path, bytes);
  const mediaType =
    options.mediaType ?? (text === undefined ? undefined : sniffMarkup(text)) ?? (await sniffFile(path));
  if (!mediaType)
    throw new TransmuteError(
      'unsupported_content',
      'Cannot tell the media type of stdin; pass --media-type <type>.',
    );
  return { type: 'files', files: [{ name: 'stdin', mediaType, sizeBytes: bytes.length, path }] };
}

/** A host name with no scheme (`example.com`, `docs.example.com/guide`), which is no file either. */
const LOOKS_LIKE_HOST = /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}(:\d+)?(\/\S*)?$/i;

/** Why `input` cannot be read, suggesting `https://` when a missing file looks like a host name. */
function unreadableInput(input: string, error: unknown): string {
  const reason = `Cannot read ${input}: ${(error as Error).message}.`;
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || !LOOKS_LIKE_HOST.test(input)) return reason;
  return `${reason} No such file; to convert the web page, pass the URL with its scheme: https://${input}`;
}

async function toSource(
  input: string,
  options: ConvertCommandOptions,
  io: ConvertIo,
  workDir: string,
): Promise<ConvertSource> {
  if (input === '-') return stdinSource(options, io, workDir);
  // A URL is read by the engine's safe fetch, with the server's policy (CONTRACT: SSRF rules).
  if (/^https?:\/\//i.test(input)) return { type: 'url', url: input };
  let size: number;
  try {
    const info = await stat(input);
    if (!info.isFile()) throw new Error('not a regular file');
    size = info.size;
  } catch (error) {
    throw new TransmuteError('source_unreachable', unreadableInput(input, error));
  }
  const mediaType = options.mediaType ?? mediaTypeFromName(input) ?? (await sniffFile(input));
  if (!mediaType)
    throw new TransmuteError(
      'unsupported_content',
      `Cannot tell the media type of ${input}; pass --media-type <type>.`,
    );
  return { type: 'files', files: [{ name: basename(input), mediaType, sizeBytes: size, path: input }] };
}

function createProgressPrinter(
  options: ConvertCommandOptions,
  stderr: ConvertIo['stderr'],
): (progress: PipelineProgress) => void {
  if (options.quiet === true) return () => undefined;
  let highest = 0;
  if (stderr.isTTY !== true)
    return (progress) => {
      highest = Math.max(highest, progress.percent);
      stderr.write(`${JSON.stringify({ type: 'progress', ...progress, percent: highest })}\n`);
    };
  const bar = createProgressBar(stderr);
  return (progress) => {
    bar.update(progress.percent, `${progress.stage}${progress.detail ? `: ${progress.detail}` : ''}`);
    if (progress.percent === 100) bar.done();
  };
}

function validate(options: ConvertCommandOptions): void {
  if (!(OUTPUT_PROFILES as readonly string[]).includes(options.profile)) {
    throw new TransmuteError('validation_failed', `--profile must be one of ${OUTPUT_PROFILES.join(', ')}.`);
  }
  if (!(OUTPUT_FORMATS as readonly string[]).includes(options.format)) {
    throw new TransmuteError('validation_failed', `--format must be one of ${OUTPUT_FORMATS.join(', ')}.`);
  }
  if (options.language !== undefined && (options.language.length < 2 || options.language.length > 35)) {
    throw new TransmuteError('validation_failed', '--language must be 2 to 35 characters.');
  }
  if (options.maxTokens !== undefined && !/^[1-9]\d*$/.test(options.maxTokens)) {
    throw new TransmuteError('validation_failed', '--max-tokens must be a positive integer.');
  }
}

/**
 * Runs one conversion in-process: reads a file, a URL or stdin (`-`), converts it with every
 * installed plugin, reports progress on stderr (a bar on a terminal, JSON lines otherwise; none
 * with `--quiet`) and writes the primary artifact to `--out` (then says `wrote <file>`) or stdout.
 * The output is labelled in `--language`, else in English as through the API. Resolves to the
 * process exit code (`EXIT_CODES`).
 */
export async function runConvert(
  input: string,
  options: ConvertCommandOptions,
  io: ConvertIo,
): Promise<number> {
  const workDir = await mkdtemp(join(tmpdir(), 'transmute-cli-'));
  let engine: Engine | undefined;
  const say = (line: string): void => {
    if (options.quiet !== true) io.stderr.write(`${line}\n`);
  };
  try {
    validate(options);
    if (options.format === 'zip' && !options.out && io.stdout.isTTY) {
      throw new TransmuteError('validation_failed', 'A zip output is binary: pass --out <file>.');
    }
    const source = await toSource(input, options, io, workDir);
    engine = openEngine({
      allowPrivateNetworks: options.allowPrivateNetworks === true,
      // One render per prepare: chunks (and the tokenizer) only when the profile reads them.
      chunking: { lazy: true, ...(options.maxTokens ? { maxTokens: Number(options.maxTokens) } : {}) },
    });
    const run = {
      workDir,
      onProgress: createProgressPrinter(options, io.stderr),
      ...(io.signal ? { signal: io.signal } : {}),
    };
    const prepared = await engine.prepare(source, run);
    const language = options.language ?? DEFAULT_OUTPUT_LANGUAGE;
    const rendered = await engine.render(
      prepared.document,
      {
        profile: options.profile,
        format: options.format,
        language,
        includeRawSource: options.includeRawSource === true,
      },
      { ...run, originals: source.type === 'files' ? source.files : [] },
    );
    for (const warning of new Set([...prepared.warnings, ...rendered.warnings])) {
      say(io.stderr.isTTY ? `warning: ${warning}` : JSON.stringify({ type: 'warning', warning }));
    }
    const [primary] = rendered.artifacts;
    if (!primary) throw new TransmuteError('internal_error', 'The conversion produced no artifact.');
    if (options.out) {
      await copyFile(primary.path, options.out);
      say(
        `wrote ${options.out} (${formatBytes((await stat(options.out)).size)}, ${options.profile} ${options.format}, language ${language})`,
      );
    } else await pipeline(createReadStream(primary.path), io.stdout, { end: false });
    return EXIT_CODES.ok.code;
  } catch (error) {
    // The reader of stdout has gone (`| head`): it took what it wanted, as with any Unix tool.
    if (isBrokenPipe(error)) return EXIT_CODES.ok.code;
    const lines = describeError(error);
    io.stderr.write(
      `${io.stderr.isTTY ? '\n' : ''}${lines.map((line) => `transmute: ${line.startsWith('hint:') ? '' : 'error: '}${line}`).join('\n')}\n`,
    );
    return io.signal?.aborted ? EXIT_CODES.interrupted.code : exitCodeOf(error);
  } finally {
    await engine?.close();
    await rm(workDir, { recursive: true, force: true });
  }
}

/** Registers `transmute convert <file|url|-> [--profile] [--format] [--language] [--out] [--media-type] [--quiet] …`. */
export function registerConvertCommand(program: Command): void {
  program
    .command('convert')
    .description('Convert a file, a URL or stdin ("-") in-process and print or save the output')
    .argument('<input>', 'a file path, an http(s) URL, or - to read stdin')
    .addOption(
      new Option('--profile <profile>', "output profile (see the docs' profiles page)")
        .choices(OUTPUT_PROFILES)
        .default(DEFAULT_OUTPUT_PROFILE),
    )
    .addOption(new Option('--format <format>', 'output format').choices(OUTPUT_FORMATS).default('markdown'))
    .option('--language <language>', 'language of labels and headings', DEFAULT_OUTPUT_LANGUAGE)
    .option('--out <path>', 'write the output to this file instead of stdout')
    .option('--media-type <type>', 'media type of the input (default: from the extension or the content)')
    .option('--include-raw-source', 'add the raw extracted text to the output')
    .option('--max-tokens <n>', 'token budget of each chunk')
    .option('-q, --quiet', 'no progress, warnings or "wrote" line on stderr (errors still)')
    .option(
      '--allow-private-networks',
      'let a URL input reach private or loopback addresses and plain http (development only)',
    )
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
