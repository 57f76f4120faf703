export { createFetchHandler, type FetchHandler, type FetchHandlerOptions } from './create-fetch-handler.js';
export { createOperatorHandler, type OperatorHandlerOptions } from './create-operator-handler.js';
export type { AuthOptions, JwtAuthOptions } from './internal/authenticate.js';
export type { CoreHandler, CoreRequest, CoreResponse } from './internal/core-types.js';
export type { HandlerLogger } from './internal/problem.js';
export type { MetricsRouteOptions } from './internal/operator-routes.js';
export { DEFAULT_PLAN_RATE_LIMITS } from './internal/rate-limiter.js';
export {
  createMemoryRateLimitStore,
  type RateLimitRule,
  type RateLimitStore,
  type RateLimitTake,
} from './rate-limit-store.js';
