import { open } from 'node:fs/promises';

/**
 * The first `length` bytes of a file (fewer when it is shorter), for sniffing its kind by magic
 * bytes without reading the whole file.
 *
 * @example
 * const head = await readFileHead(file.path, 1024);
 */
export async function readFileHead(path: string, length: number): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(length);
    const { bytesRead } = await handle.read(head, 0, length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
