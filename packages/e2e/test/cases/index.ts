import type { E2eCase } from './context.js';
import { ERROR_CASES } from './errors.js';
import { FILE_CASES } from './files.js';
import { ISOLATION_CASES } from './isolation.js';
import { JOB_CASES } from './jobs.js';
import { STREAMING_CASES } from './streaming.js';
import { WEBHOOK_CASES } from './webhooks.js';

/** The one shared table of cases, run against every mount. */
export const CASES: readonly E2eCase[] = [
  ...JOB_CASES,
  ...FILE_CASES,
  ...WEBHOOK_CASES,
  ...ERROR_CASES,
  ...ISOLATION_CASES,
  ...STREAMING_CASES,
];
