import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Clock } from '../../core/time.js';
import type { DatabaseHandle } from '../db/database.js';
import { createPostgresRateLimiter } from './postgres-rate-limiter.js';
import { createRedisRateLimiter } from './redis-rate-limiter.js';

/** Redis when REDIS_URL is set (counts shared by every instance at little cost), else the database. */
export function openRateLimiter(config: Config, database: DatabaseHandle, clock: Clock, logger: Logger) {
  return config.redisUrl
    ? createRedisRateLimiter({
        url: config.redisUrl,
        keyPrefix: config.redisKeyPrefix,
        clock,
        onError: (error) => logger.warn({ err: error }, 'redis (rate limits) error'),
      })
    : createPostgresRateLimiter(database.db, {
        clock,
        onPruneError: (error) => logger.warn({ err: error }, 'could not prune rate-limit rows'),
      });
}
