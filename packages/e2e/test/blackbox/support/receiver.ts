import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver got. */
export interface Received {
  path: string;
  method: string;
  headers: Record<string, string>;
  body: string;
  at: number;
}

/** How a path answers: status, body and optional headers; or `hang` (never answers). */
export type Answer = { status: number; body?: string; headers?: Record<string, string> } | 'hang';

/** A loopback HTTP server for webhook deliveries and URL sources. */
export interface Receiver {
  url: string;
  received: Received[];
  /** Sets how a path answers (default 200 "ok"). */
  on(path: string, answer: Answer): void;
  /** Waits until `match` holds for a received request. */
  waitFor(match: (r: Received) => boolean, timeoutMs?: number): Promise<Received>;
  close(): Promise<void>;
}

/** Starts a {@link Receiver} on 127.0.0.1. */
export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const answers = new Map<string, Answer>();
  const hanging = new Set<ServerResponse>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === 'string') headers[name] = value;
      received.push({
        path,
        method: req.method ?? '',
        headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      const answer = answers.get(path) ?? { status: 200, body: 'ok' };
      if (answer === 'hang') {
        hanging.add(res);
        return;
      }
      res.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers });
      res.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}`,
    received,
    on(path, answer) {
      answers.set(path, answer);
    },
    async waitFor(match, timeoutMs = 30_000) {
      const started = Date.now();
      for (;;) {
        const found = received.find(match);
        if (found !== undefined) return found;
        if (Date.now() - started > timeoutMs)
          throw new Error(
            `nothing matching arrived in ${String(timeoutMs)} ms; got ${received.map((r) => r.path).join(', ')}`,
          );
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
