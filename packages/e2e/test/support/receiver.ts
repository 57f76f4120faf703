import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One webhook request as received. */
export interface ReceivedWebhook {
  headers: Record<string, string>;
  body: string;
}

/** A webhook receiver on loopback; `status` decides the answer. */
export interface Receiver {
  url: string;
  received: ReceivedWebhook[];
  status: number;
  close(): Promise<void>;
}

/** Starts a receiver on 127.0.0.1. */
export async function startReceiver(status = 200): Promise<Receiver> {
  const receiver: Receiver = { url: '', received: [], status, close: async () => undefined };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) headers[name] = String(value);
      receiver.received.push({ headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(receiver.status, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  receiver.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}
