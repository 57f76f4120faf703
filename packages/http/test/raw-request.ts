import { connect } from 'node:net';

/** A response exactly as it came over the wire. */
export interface RawResponse {
  status: number;
  /** Headers by lower-case name. */
  headers: Record<string, string>;
  /** Every byte the server sent after the header block. */
  body: Buffer;
}

/** Headers that differ between any two requests, whatever the method. */
const PER_REQUEST = new Set(['request-id', 'date', 'ratelimit', 'connection', 'keep-alive']);

/** The headers that must be the same for HEAD and GET of one resource. */
export function stableHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_REQUEST.has(name)));
}

function parse(all: Buffer): RawResponse {
  const split = all.indexOf('\r\n\r\n');
  const [statusLine = '', ...headerLines] = all.subarray(0, split).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: all.subarray(split + 4) };
}

/**
 * One request over a raw socket with `Connection: close`, so the test sees exactly the bytes on the
 * wire (fetch silently discards a body sent after a HEAD answer).
 */
export function rawRequest(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  const lines = [`${method} ${path} HTTP/1.1`, `host: ${hostname}:${port}`, 'connection: close'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => resolve(parse(Buffer.concat(chunks))));
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  });
}

/**
 * Writes raw bytes (any request, valid or not) and collects everything the server sends until it
 * closes the connection, or until `timeoutMs` passes (an empty answer then: nothing came).
 * `halfClose` ends the client's side after the bytes, so an unfinished request meets its end.
 */
export function rawExchange(
  baseUrl: string,
  bytes: string | Buffer,
  options: { timeoutMs?: number; halfClose?: boolean } = {},
): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    const done = (): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve(parse(Buffer.concat(chunks)));
    };
    const timer = setTimeout(done, options.timeoutMs ?? 5_000);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', done);
    socket.on('close', done);
    if (options.halfClose === true) socket.end(bytes);
    else socket.write(bytes);
  });
}
