/**
 * The store's wake-up channels, one constant each. A transaction names the ones its writes touch
 * ({@link wakeOnCommit}) and the store notifies them when it commits; `credentials` is notified
 * after the write that changes a credential (credential-cache.ts).
 */
export const CHANNELS = {
  /** A job has work for a worker (queued, more outputs, or a lease let go). */
  jobs: 'transmute_jobs',
  /** A split job's task was queued, let go, or ended (helpers and the job's own run wake). */
  tasks: 'transmute_tasks',
  /** Webhook deliveries are due (an event written, a replay queued, an endpoint resumed). */
  webhooks: 'transmute_webhooks',
  /** An API key was revoked or an account changed: cached credentials are dropped (credential-cache.ts). */
  credentials: 'transmute_credentials',
} as const;

/** One of {@link CHANNELS}. */
export type Channel = (typeof CHANNELS)[keyof typeof CHANNELS];
