/** A listener pdf.js's message handlers add to their port. */
type Listener = (this: SameThreadPort, event: { data: unknown }) => void;

/**
 * The port between pdf.js's API and worker sides when both run in this thread: what pdf.js's own
 * fake-worker port (`LoopbackPort`) does, without deep-cloning each message (`structuredClone` was
 * about a tenth of pdf.js's time on a table page, for copies nobody needed: the sender lets go of
 * what it sends). Messages are delivered in order on a later microtask, as there.
 *
 * Senders do reuse the container of what they sent before it is delivered: a text-content chunk
 * gets fresh `items` and `styles` by assignment, an operator-list chunk's `fnArray` and `argsArray`
 * are emptied in place. So a message's payload (`data` or a stream's `chunk`) is copied one level
 * down: the object itself and the arrays it holds, never their contents.
 */
export class SameThreadPort {
  private readonly listeners = new Set<Listener>();
  private readonly delivered = Promise.resolve();

  postMessage(message: unknown): void {
    const event = { data: withOwnPayload(message) };
    void this.delivered.then(() => {
      for (const listener of this.listeners) listener.call(this, event);
    });
  }

  /** pdf.js's message handlers stop listening through `signal` when their document is destroyed. */
  addEventListener(_type: string, listener: Listener, options?: { signal?: AbortSignal }): void {
    const signal = options?.signal;
    if (signal?.aborted === true) return;
    this.listeners.add(listener);
    signal?.addEventListener('abort', () => this.listeners.delete(listener), { once: true });
  }

  removeEventListener(_type: string, listener: Listener): void {
    this.listeners.delete(listener);
  }

  terminate(): void {
    this.listeners.clear();
  }
}

/** A copy of a plain object or array and of the arrays it holds (one level: not their items). */
function copyOneLevel(value: unknown): unknown {
  if (Array.isArray(value)) return [...(value as unknown[])];
  if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype)
    return value;
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const [key, entry] of Object.entries(copy))
    if (Array.isArray(entry)) copy[key] = [...(entry as unknown[])];
  return copy;
}

/** The message with its payload (`data`, a stream's `chunk`) copied one level down. */
function withOwnPayload(message: unknown): unknown {
  if (typeof message !== 'object' || message === null) return message;
  const copy: Record<string, unknown> = { ...(message as Record<string, unknown>) };
  if ('chunk' in copy) copy['chunk'] = copyOneLevel(copy['chunk']);
  if ('data' in copy) copy['data'] = copyOneLevel(copy['data']);
  return copy;
}
