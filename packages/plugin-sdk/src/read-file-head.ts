import { closeSync, constants, openSync, readSync } from 'node:fs';

/**
 * The first `length` bytes of a file (fewer when it is shorter), for sniffing its kind by magic
 * bytes without reading the whole file. Read synchronously: the file is local and the head a few
 * kilobytes, and one open/read/close in this thread costs less than three hops through the
 * thread pool, which a busy worker or queue makes slow. Opened non-blocking, so a FIFO given
 * where a file was meant cannot stall the thread.
 *
 * @example
 * const head = await readFileHead(file.path, 1024);
 */
export async function readFileHead(path: string, length: number): Promise<Uint8Array> {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const head = Buffer.alloc(length);
    const bytesRead = readSync(fd, head, 0, length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    closeSync(fd);
  }
}
