/** File states in which an upload is open: bytes may be PUT, and a complete or the intent's lapse ends it. */
export const OPEN_UPLOAD_STATES = ['pending_upload', 'uploaded'] as const;

/**
 * File states of an upload not yet settled: bytes may be on disk (up to the declared `size_bytes`:
 * the PUT refuses more) that no job can use yet. `ready` files are settled: stored (and billed as
 * storage) until retention, and counted as input by the jobs that use them.
 */
export const UNSETTLED_UPLOAD_STATES = [...OPEN_UPLOAD_STATES, 'validating'] as const;

/** Whether a file in this state still takes bytes and a complete. */
export function isOpenUpload(status: string): boolean {
  return (OPEN_UPLOAD_STATES as readonly string[]).includes(status);
}
