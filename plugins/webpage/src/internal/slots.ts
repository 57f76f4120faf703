/** A counting semaphore: at most `size` holders at once, waiters served in order. */
export interface Slots {
  /** Waits for a free slot (or the signal's abort) and returns its release function. */
  acquire(signal: AbortSignal): Promise<() => void>;
}

/** Creates {@link Slots} of the given size. */
export function createSlots(size: number): Slots {
  let free = size;
  const waiters: Array<() => void> = [];
  const release = (): void => {
    const next = waiters.shift();
    if (next === undefined) free += 1;
    else next();
  };
  return {
    acquire(signal) {
      signal.throwIfAborted();
      if (free > 0) {
        free -= 1;
        return Promise.resolve(once(release));
      }
      return new Promise((resolve, reject) => {
        const onAbort = (): void => {
          const index = waiters.indexOf(grant);
          if (index >= 0) waiters.splice(index, 1);
          reject(
            signal.reason instanceof Error ? signal.reason : new Error('Aborted.', { cause: signal.reason }),
          );
        };
        const grant = (): void => {
          signal.removeEventListener('abort', onAbort);
          resolve(once(release));
        };
        waiters.push(grant);
        signal.addEventListener('abort', onAbort, { once: true });
      });
    },
  };
}

function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    fn();
  };
}
