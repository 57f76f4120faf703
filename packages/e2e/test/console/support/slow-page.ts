import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A web page on loopback that never finishes answering (until closed): a job fetching it stays processing. */
export interface SlowPage {
  url: string;
  close(): Promise<void>;
}

export async function startSlowPage(): Promise<SlowPage> {
  const waiting = new Set<ServerResponse>();
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.write('<!doctype html><title>slow</title><p>');
    waiting.add(response);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/slow`,
    close: () =>
      new Promise((resolve) => {
        for (const response of waiting) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
