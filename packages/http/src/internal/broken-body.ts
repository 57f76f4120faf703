import { TransmuteError } from '@transmute/contract';

/**
 * The error a request body stream fails with when its connection breaks off mid-body (the client
 * went away, or node:http gave up on bad chunked encoding): a client's fault, answered 400
 * `malformed_request` (nobody may be left to read it) and logged at debug level, never as an
 * internal error.
 */
export function toBrokenBodyError(cause: unknown): TransmuteError {
  return new TransmuteError(
    'malformed_request',
    'The connection closed before the request body was complete.',
    { cause },
  );
}

/**
 * The same body stream, whose read errors become {@link toBrokenBodyError} (the Web mount; the
 * node mount builds its stream with them already).
 */
export function withBrokenBodyErrors(stream: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const reader = stream.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        controller.error(toBrokenBodyError(error));
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
}
