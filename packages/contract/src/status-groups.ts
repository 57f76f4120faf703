import type { AccountStatus, FileStatus, JobStatus, OutputStatus } from './wire-types.js';

/**
 * Groups of the spec's statuses that clients, servers and docs each act on. Written here once;
 * the Python client's copies are generated from these (scripts/python-models).
 */

/** Job statuses after which nothing changes any more: what a waiter waits for. */
export const TERMINAL_JOB_STATUSES = [
  'succeeded',
  'failed',
  'canceled',
  'expired',
] as const satisfies readonly JobStatus[];

/** Job statuses of a job still at work (queued, running, or asked to stop and not yet stopped). */
export const ACTIVE_JOB_STATUSES = [
  'queued',
  'processing',
  'canceling',
] as const satisfies readonly JobStatus[];

/** Output statuses after which an output changes no more. */
export const SETTLED_OUTPUT_STATUSES = [
  'succeeded',
  'failed',
  'expired',
] as const satisfies readonly OutputStatus[];

/**
 * File statuses between the upload's bytes and the verdict (`ready`, `rejected` or `expired`):
 * what an uploader waits through before a job can use the file.
 */
export const UNSETTLED_FILE_STATUSES = ['uploaded', 'validating'] as const satisfies readonly FileStatus[];

/** Account statuses in which an account may only read (no writes, no new jobs). */
export const READ_ONLY_ACCOUNT_STATUSES = [
  'suspended',
  'canceled',
] as const satisfies readonly AccountStatus[];

function isOneOf<T extends string>(group: readonly T[]): (status: string) => status is T {
  return (status): status is T => (group as readonly string[]).includes(status);
}

/** True for a status of {@link TERMINAL_JOB_STATUSES}. */
export const isTerminalJobStatus = isOneOf(TERMINAL_JOB_STATUSES);
/** True for a status of {@link ACTIVE_JOB_STATUSES}. */
export const isActiveJobStatus = isOneOf(ACTIVE_JOB_STATUSES);
/** True for a status of {@link SETTLED_OUTPUT_STATUSES}. */
export const isSettledOutputStatus = isOneOf(SETTLED_OUTPUT_STATUSES);
/** True for a status of {@link UNSETTLED_FILE_STATUSES}. */
export const isUnsettledFileStatus = isOneOf(UNSETTLED_FILE_STATUSES);
/** True for a status of {@link READ_ONLY_ACCOUNT_STATUSES}. */
export const isReadOnlyAccountStatus = isOneOf(READ_ONLY_ACCOUNT_STATUSES);
