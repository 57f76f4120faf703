import { isFailureCode, isTransmuteError, type FailureCode } from '@transmute/plugin-sdk';
/**
 * Worker thread that decodes TIFF pages one at a time, so that decompressing a large scan never
 * blocks the main thread and a page that hangs or bloats the decoder can be terminated.
 */
import { parentPort } from 'node:worker_threads';
import { decodeTiffPage } from './tiff-image.js';
import type { TiffReply, TiffRequest } from './tiff-decoder.js';

// UTIF.js prints debugging lines (for tiled images) with console.log; none belongs in the service's output.
console.log = () => undefined;

function toFailure(error: unknown): { code: FailureCode; message: string } {
  if (isTransmuteError(error) && isFailureCode(error.code)) {
    return { code: error.code, message: error.message };
  }
  return { code: 'corrupt_file', message: `The TIFF page could not be decoded: ${String(error)}` };
}

async function answer(request: TiffRequest): Promise<TiffReply> {
  try {
    const image = await decodeTiffPage(request.path, request.page, request.littleEndian);
    return { id: request.id, ok: true, image };
  } catch (error) {
    return { id: request.id, ok: false, ...toFailure(error) };
  }
}

parentPort?.on('message', (request: TiffRequest) => {
  void answer(request).then((reply) => {
    parentPort?.postMessage(reply, reply.ok ? [reply.image.bytes.buffer as ArrayBuffer] : []);
  });
});
