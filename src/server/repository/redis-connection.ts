/**
 * One Upstash Redis client and its key names, as both Redis adapters (items, coordination) use them: every
 * request has its own deadline, and any failure to get an answer is StoreUnavailableError.
 */
import { Redis } from '@upstash/redis';
import { redisKeys } from './keys.ts';
import { StoreUnavailableError } from './port.ts';

export interface RedisOptions {
  url: string;
  token: string;
  /** Key prefix (REDIS_KEY_PREFIX); defaults to 'delta'. */
  keyPrefix?: string;
  /** Longest wait for one HTTP request, retries included: a hung connection becomes a 503, not a hang. */
  timeoutMs?: number;
}

export interface RedisConnection {
  redis: Redis;
  keys: ReturnType<typeof redisKeys>;
  /** Runs one client call; any failure (network, auth, timeout, server down) becomes StoreUnavailableError. */
  call<T>(operation: () => Promise<T>): Promise<T>;
}

export function connectRedis(options: RedisOptions): RedisConnection {
  const redis = new Redis({
    url: options.url,
    token: options.token,
    // Items are stored as JSON text and compared byte for byte in the scripts: keep replies as raw strings.
    automaticDeserialization: false,
    enableTelemetry: false,
    retry: { retries: 2, backoff: (attempt) => 50 * 2 ** attempt },
    // A function, so every request gets its own deadline (the client then rethrows the abort as an error).
    signal: () => AbortSignal.timeout(options.timeoutMs ?? 5_000),
  });
  return {
    redis,
    keys: redisKeys(options.keyPrefix ?? 'delta'),
    async call(operation) {
      try {
        return await operation();
      } catch (error) {
        throw new StoreUnavailableError('The content store is unavailable.', { cause: error });
      }
    },
  };
}
