export {
  createRedisRateLimitStore,
  type RedisRateLimitStoreOptions,
} from './create-redis-rate-limit-store.js';
