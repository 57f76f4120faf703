import type { BlobStore } from '../storage/blob-store.js';
import type { ServiceMetrics } from './service-metrics.js';

/**
 * The blob store with every failed operation counted in `transmute_blob_store_errors_total`
 * (rejected promises, synchronous throws and stream errors); values and errors pass through
 * unchanged.
 */
export function countBlobErrors(blobs: BlobStore, metrics: ServiceMetrics): BlobStore {
  const count = (operation: string): void => metrics.blobStoreErrors.inc({ operation });
  return new Proxy(blobs, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || typeof property !== 'string') return value;
      return (...args: unknown[]): unknown => {
        let result: unknown;
        try {
          result = (value as (...a: unknown[]) => unknown).apply(target, args);
        } catch (error) {
          count(property);
          throw error;
        }
        if (result instanceof Promise) {
          return result.catch((error: unknown) => {
            count(property);
            throw error;
          });
        }
        if (result !== null && typeof result === 'object' && 'once' in result) {
          (result as NodeJS.EventEmitter).once('error', () => count(property));
        }
        return result;
      };
    },
  });
}
