import { Writable } from 'node:stream';
import { pino, type DestinationStream, type Level, type Logger } from 'pino';

/** Where log lines go and how they look. */
export interface LogSettings {
  /** `trace`, `debug`, `info`, `warn`, `error`, `fatal` or `silent`. */
  level: string;
  /** `stderr`, `stdout`, or a file path (appended). */
  destination: string;
  /** `json`, `pretty`, or `auto` (pretty when the destination is a terminal). */
  format: string;
}

/** What the service, the HTTP handler and the commands log through. */
export interface CliLogger {
  debug(message: string, meta?: Record<string, unknown>): void;
  info(message: string, meta?: Record<string, unknown>): void;
  warn(message: string, meta?: Record<string, unknown>): void;
  error(message: string, meta?: Record<string, unknown>): void;
  /** The pino logger behind it. */
  readonly pino: Logger;
}

const LEVELS = new Set(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']);
const FORMATS = new Set(['json', 'pretty', 'auto']);
const COLORS: Record<string, string> = { debug: '90', info: '36', warn: '33', error: '31', fatal: '35' };

/**
 * Keys whose values are replaced wherever they appear one level deep: a credential never reaches a
 * log line even when a caller passes one in `meta` by mistake.
 */
const REDACTED_KEYS = ['authorization', 'apiKey', 'api_key', 'secret', 'token', 'password', 'signingSecret'];

/** One JSON line → `HH:MM:SS.mmm LEVEL message key=value …` (colored), for a terminal. */
export function toPrettyLine(line: string): string {
  const {
    level,
    time,
    message,
    pid: _pid,
    hostname: _hostname,
    ...rest
  } = JSON.parse(line) as Record<string, unknown>;
  const label = String(level);
  const clock = typeof time === 'string' ? time.slice(11, 23) : '';
  const fields = Object.entries(rest)
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' ');
  const color = COLORS[label] ?? '0';
  return `${clock} \u001b[${color}m${label.toUpperCase().padEnd(5)}\u001b[0m ${String(message)}${fields === '' ? '' : ` ${fields}`}\n`;
}

function prettyStream(target: NodeJS.WritableStream): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n'))
        if (line !== '') target.write(toPrettyLine(line));
      done();
    },
  });
}

function openDestination(settings: LogSettings): DestinationStream {
  const { destination, format } = settings;
  const std = destination === 'stdout' ? process.stdout : destination === 'stderr' ? process.stderr : null;
  if (std === null) return pino.destination({ dest: destination, append: true, mkdir: true, sync: true });
  const pretty = format === 'pretty' || (format === 'auto' && std.isTTY);
  return pretty ? prettyStream(std) : pino.destination({ fd: std === process.stdout ? 1 : 2, sync: true });
}

/**
 * The process logger: pino JSON lines (`level` as a word, ISO `time`, `message`) at the configured
 * level to stderr, stdout or a file; a small colored format on a terminal.
 *
 * @example
 * const logger = createLogger({ level: 'info', destination: 'stderr', format: 'auto' });
 * logger.info('job ended', { job_id: 'job_1', status: 'succeeded' });
 */
export function createLogger(settings: LogSettings): CliLogger {
  if (!LEVELS.has(settings.level))
    throw new Error(`TRANSMUTE_LOG_LEVEL must be one of ${[...LEVELS].join(', ')}, not "${settings.level}".`);
  if (!FORMATS.has(settings.format))
    throw new Error(`TRANSMUTE_LOG_FORMAT must be json, pretty or auto, not "${settings.format}".`);
  const logger = pino(
    {
      level: settings.level,
      messageKey: 'message',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_KEYS.flatMap((key) => [key, `*.${key}`]), censor: '[redacted]' },
    },
    openDestination(settings),
  );
  const at =
    (level: Level) =>
    (message: string, meta: Record<string, unknown> = {}): void =>
      logger[level](meta, message);
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error'), pino: logger };
}
