/**
 * The repository over Upstash Redis (the production store when UPSTASH_REDIS_REST_URL/_TOKEN are set).
 *
 * A collection is a hash of id → item JSON plus a sorted set of ids (all score 0, so ordered by the
 * time-ordered ids themselves). A list is one HGETALL; a page is one Lua script; every multi-key write is one
 * Lua script, so it is atomic and one round trip. Updates and deletes compare-and-set against the JSON they
 * read, so a concurrent writer is never silently overwritten with stale fields.
 */
import { Ratelimit } from '@upstash/ratelimit';
import { Redis } from '@upstash/redis';
import type { CollectionKey } from '../../lib/collections.ts';
import { isId, newId } from './ids.ts';
import { UNIQUE_FIELDS, normaliseUnique, redisKeys } from './keys.ts';
import { StoreUnavailableError, UniqueConflictError, type Repository, type StoredItem } from './port.ts';

export interface RedisRepositoryOptions {
  url: string;
  token: string;
  /** Key prefix (REDIS_KEY_PREFIX); defaults to 'delta'. */
  keyPrefix?: string;
  /** Longest wait for one HTTP request, retries included: a hung connection becomes a 503, not a hang. */
  timeoutMs?: number;
}

/** KEYS items, order, unique · ARGV id, json, unique value ('' when none) → 1 stored, 0 unique conflict. */
const CREATE = `
if ARGV[3] ~= '' and redis.call('HSETNX', KEYS[3], ARGV[3], ARGV[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('ZADD', KEYS[2], 0, ARGV[1])
return 1`;

/**
 * KEYS items, unique · ARGV id, expected json, new json, old unique, new unique
 * → 1 stored, 0 changed meanwhile (retry), -1 gone, -2 unique conflict.
 */
const UPDATE = `
local current = redis.call('HGET', KEYS[1], ARGV[1])
if not current then return -1 end
if current ~= ARGV[2] then return 0 end
if ARGV[5] ~= ARGV[4] then
  if ARGV[5] ~= '' and redis.call('HSETNX', KEYS[2], ARGV[5], ARGV[1]) == 0 then return -2 end
  if ARGV[4] ~= '' and redis.call('HGET', KEYS[2], ARGV[4]) == ARGV[1] then redis.call('HDEL', KEYS[2], ARGV[4]) end
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
return 1`;

/** KEYS items, order, unique · ARGV id, expected json, unique value → 1 deleted, 0 changed meanwhile, -1 gone. */
const DELETE = `
local current = redis.call('HGET', KEYS[1], ARGV[1])
if not current then return -1 end
if current ~= ARGV[2] then return 0 end
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('ZREM', KEYS[2], ARGV[1])
if ARGV[3] ~= '' and redis.call('HGET', KEYS[3], ARGV[3]) == ARGV[1] then redis.call('HDEL', KEYS[3], ARGV[3]) end
return 1`;

/** KEYS items, order · ARGV limit, cursor ('' = newest) → { '1' | '0' (more pages), json… } newest first. */
const PAGE = `
local limit = tonumber(ARGV[1])
local max = ARGV[2] == '' and '+' or '(' .. ARGV[2]
local ids = redis.call('ZREVRANGEBYLEX', KEYS[2], max, '-', 'LIMIT', 0, limit + 1)
local out = { #ids > limit and '1' or '0' }
local count = math.min(#ids, limit)
if count == 0 then return out end
local values = redis.call('HMGET', KEYS[1], unpack(ids, 1, count))
for i = 1, count do if values[i] then out[#out + 1] = values[i] end end
return out`;

const CAS_ATTEMPTS = 5;

const withoutUndefined = (item: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(item).filter(([, value]) => value !== undefined));

export function createRedisRepository(options: RedisRepositoryOptions): Repository {
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
  const keys = redisKeys(options.keyPrefix ?? 'delta');
  const limiters = new Map<string, Ratelimit>();

  async function call<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      throw new StoreUnavailableError('The content store is unavailable.', { cause: error });
    }
  }

  const script = (source: string, scriptKeys: string[], args: Array<string | number>) =>
    call(() => redis.eval<Array<string | number>, unknown>(source, scriptKeys, args));
  const parse = (json: string) => JSON.parse(json) as StoredItem;
  const uniqueValue = (collection: CollectionKey, item: Record<string, unknown> | null) => {
    const field = UNIQUE_FIELDS[collection];
    return field && item ? normaliseUnique(item[field]) : '';
  };

  async function readRaw(collection: CollectionKey, id: string): Promise<string | null> {
    if (!isId(id)) return null;
    return call(() => redis.hget<string>(keys.items(collection), id));
  }

  const conflict = (collection: CollectionKey) =>
    new UniqueConflictError(UNIQUE_FIELDS[collection] ?? 'unknown');

  function limiter(bucket: string, limit: number, windowSeconds: number): Ratelimit {
    const name = `${bucket}:${limit}:${windowSeconds}`;
    let found = limiters.get(name);
    if (!found) {
      found = new Ratelimit({
        redis,
        limiter: Ratelimit.fixedWindow(limit, `${windowSeconds} s`),
        prefix: keys.rateLimit(bucket),
        // No in-memory shortcut and no fail-open timeout: every decision comes from Redis, or fails loudly.
        ephemeralCache: false,
        timeout: 0,
        analytics: false,
      });
      limiters.set(name, found);
    }
    return found;
  }

  return {
    backend: 'redis',

    async list(collection) {
      // Without automatic deserialisation HGETALL answers the flat [id, json, id, json, …] reply.
      const flat = (await call(() => redis.hgetall(keys.items(collection)))) as unknown as string[] | null;
      const pairs: Array<[string, string]> = [];
      for (let i = 0; flat && i + 1 < flat.length; i += 2) pairs.push([String(flat[i]), String(flat[i + 1])]);
      return pairs.sort(([a], [b]) => (a < b ? -1 : 1)).map(([, json]) => parse(json));
    },

    async listPage(collection, { limit, cursor }) {
      const from = cursor && isId(cursor) ? cursor : '';
      const [more, ...values] = (await script(
        PAGE,
        [keys.items(collection), keys.order(collection)],
        [limit, from],
      )) as string[];
      const items = values.map(parse);
      return { items, nextCursor: more === '1' && items.length > 0 ? (items.at(-1)?._id ?? null) : null };
    },

    async get(collection, id) {
      const raw = await readRaw(collection, id);
      return raw === null ? null : parse(raw);
    },

    count(collection) {
      return call(() => redis.zcard(keys.order(collection)));
    },

    async create(collection, fields) {
      const id = newId();
      const now = new Date().toISOString();
      const item = { ...withoutUndefined(fields), _id: id, createdAt: now, updatedAt: now } as StoredItem;
      const stored = await script(
        CREATE,
        [keys.items(collection), keys.order(collection), keys.unique(collection)],
        [id, JSON.stringify(item), uniqueValue(collection, item)],
      );
      if (stored === 0) throw conflict(collection);
      return item;
    },

    async update(collection, id, fields) {
      for (let attempt = 0; attempt < CAS_ATTEMPTS; attempt++) {
        const raw = await readRaw(collection, id);
        if (raw === null) return null;
        const previous = parse(raw);
        const merged = { ...previous, ...fields, _id: previous._id, createdAt: previous.createdAt };
        const item = { ...withoutUndefined(merged), updatedAt: new Date().toISOString() } as StoredItem;
        const outcome = await script(
          UPDATE,
          [keys.items(collection), keys.unique(collection)],
          [id, raw, JSON.stringify(item), uniqueValue(collection, previous), uniqueValue(collection, item)],
        );
        if (outcome === 1) return { item, previous };
        if (outcome === -1) return null;
        if (outcome === -2) throw conflict(collection);
      }
      throw new StoreUnavailableError('The item kept changing; try again.');
    },

    async delete(collection, id) {
      for (let attempt = 0; attempt < CAS_ATTEMPTS; attempt++) {
        const raw = await readRaw(collection, id);
        if (raw === null) return null;
        const previous = parse(raw);
        const outcome = await script(
          DELETE,
          [keys.items(collection), keys.order(collection), keys.unique(collection)],
          [id, raw, uniqueValue(collection, previous)],
        );
        if (outcome === 1) return previous;
        if (outcome === -1) return null;
      }
      throw new StoreUnavailableError('The item kept changing; try again.');
    },

    async getDocument<T>(key: Parameters<Repository['getDocument']>[0]) {
      const raw = await call(() => redis.get<string>(keys.document(key)));
      return raw === null ? null : (JSON.parse(raw) as T);
    },

    async setDocument(key, value) {
      await call(() => redis.set(keys.document(key), JSON.stringify(value)));
    },

    async acquireLease(name, ttlMs) {
      const taken = await call(() =>
        redis.set(keys.lease(name), newId(), { nx: true, px: Math.max(1, ttlMs) }),
      );
      return taken === 'OK';
    },

    async raiseFlag(name) {
      await call(() => redis.set(keys.flag(name), '1'));
    },

    async takeFlag(name) {
      // DEL is atomic: of any number of concurrent takers exactly one removes the key.
      return (await call(() => redis.del(keys.flag(name)))) === 1;
    },

    async hit(bucket, identifier, limit, windowSeconds) {
      const { success, reset } = await call(() => limiter(bucket, limit, windowSeconds).limit(identifier));
      return {
        allowed: success,
        retryAfterSeconds: success ? 0 : Math.max(1, Math.ceil((reset - Date.now()) / 1000)),
      };
    },

    async ping() {
      await call(() => redis.ping());
    },
  };
}
