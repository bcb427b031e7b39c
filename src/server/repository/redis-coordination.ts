/**
 * Leases, flags, counters, seat accounts, remembered answers, due-time indexes and rate limits over Upstash Redis (the production store when UPSTASH_REDIS_REST_URL/_TOKEN are
 * set): each is one key whose every change is a single atomic command, and rate limits are @upstash/ratelimit's.
 * A due-time index is a sorted set scored by due time, so a tick's question is one ZRANGE BYSCORE.
 */
import { Ratelimit } from '@upstash/ratelimit';
import { newId } from './ids.ts';
import type { Coordination, DueEntry } from './port.ts';
import { connectRedis, type RedisOptions } from './redis-connection.ts';

/** Read, compare and add in one script, so no caller ever sees the counter above its limit. */
const COUNT_UP_TO = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count >= tonumber(ARGV[1]) then return -1 end
return redis.call('INCR', KEYS[1])
`;

/**
 * KEYS holders, open marker · ARGV holder, capacity, now → 1 taken (or already held), 0 full, -1 not open.
 * The check and the take are one script, so no number of concurrent takers passes the capacity.
 */
const TAKE_SEAT = `
if redis.call('EXISTS', KEYS[2]) == 0 then return -1 end
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then return 1 end
if redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
return 1
`;

/** KEYS holders, open marker → the seats held, or -1 while the account is not open. */
const SEATS_HELD = `
if redis.call('EXISTS', KEYS[2]) == 0 then return -1 end
return redis.call('HLEN', KEYS[1])
`;

/** KEYS holders, open marker · ARGV now, holders… → 1: the account holds exactly these, and is open. */
const OPEN_SEATS = `
redis.call('DEL', KEYS[1])
for i = 2, #ARGV do redis.call('HSET', KEYS[1], ARGV[i], ARGV[1]) end
redis.call('SET', KEYS[2], '1')
return 1
`;

/** KEYS set → its members, and the set is gone: one command, so each member goes to exactly one taker. */
const TAKE_SET = `
local members = redis.call('SMEMBERS', KEYS[1])
if #members > 0 then redis.call('DEL', KEYS[1]) end
return members
`;

/**
 * KEYS once markers, rollups… · ARGV marker ('' for none), then (rollup index, field, by) triples → 1 counted,
 * 0 when the marker was set before. The marker and the increments are one script: counted exactly once.
 */
const TALLY = `
if ARGV[1] ~= '' and redis.call('HSETNX', KEYS[1], ARGV[1], '1') == 0 then return 0 end
for i = 2, #ARGV, 3 do redis.call('HINCRBY', KEYS[tonumber(ARGV[i]) + 1], ARGV[i + 1], ARGV[i + 2]) end
return 1
`;

/** HGETALL's flat reply (field, value, …) or the client's object form, as counts. */
function countsOf(reply: unknown): Record<string, number> {
  const counts: Record<string, number> = {};
  if (Array.isArray(reply))
    for (let i = 0; i + 1 < reply.length; i += 2) counts[String(reply[i])] = Number(reply[i + 1]);
  else if (reply && typeof reply === 'object')
    for (const [field, value] of Object.entries(reply)) counts[field] = Number(value);
  return counts;
}

export function createRedisCoordination(options: RedisOptions): Coordination {
  const { redis, keys, call } = connectRedis(options);
  const limiters = new Map<string, Ratelimit>();

  function limiter(bucket: string, limit: number, windowSeconds: number): Ratelimit {
    const name = `${bucket}:${limit}:${windowSeconds}`;
    let found = limiters.get(name);
    if (!found) {
      found = new Ratelimit({
        redis,
        limiter: Ratelimit.slidingWindow(limit, `${windowSeconds} s`),
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
    async acquireLease(name, ttlMs) {
      const taken = await call(() =>
        redis.set(keys.lease(name), newId(), { nx: true, px: Math.max(1, ttlMs) }),
      );
      return taken === 'OK';
    },

    async releaseLease(name) {
      await call(() => redis.del(keys.lease(name)));
    },

    async raiseFlag(name) {
      await call(() => redis.set(keys.flag(name), '1'));
    },

    async takeFlag(name) {
      // DEL is atomic: of any number of concurrent takers exactly one removes the key.
      return (await call(() => redis.del(keys.flag(name)))) === 1;
    },

    async addToSet(name, members) {
      if (members.length === 0) return;
      const [first, ...rest] = members;
      await call(() => redis.sadd(keys.set(name), first!, ...rest));
    },

    async takeSet(name) {
      return call(() => redis.eval<[], string[]>(TAKE_SET, [keys.set(name)], []));
    },

    async countUpTo(name, limit) {
      const count = await call(() =>
        redis.eval<[number], number>(COUNT_UP_TO, [keys.counter(name)], [limit]),
      );
      return count < 0 ? null : count;
    },

    async readCount(name) {
      return Number((await call(() => redis.get<number | string>(keys.counter(name)))) ?? 0);
    },

    async hit(bucket, identifier, limit, windowSeconds) {
      const { success, reset } = await call(() => limiter(bucket, limit, windowSeconds).limit(identifier));
      return {
        allowed: success,
        retryAfterSeconds: success ? 0 : Math.max(1, Math.ceil((reset - Date.now()) / 1000)),
      };
    },

    async clearHits(bucket, identifier) {
      // Any limit and window name the same keys: the library resets by prefix and identifier.
      await call(() => limiter(bucket, 1, 1).resetUsedTokens(identifier));
    },

    async takeSeat(account, holder, capacity) {
      const outcome = await call(() =>
        redis.eval<[string, number, number], number>(
          TAKE_SEAT,
          [keys.seats(account), keys.seatsOpen(account)],
          [holder, capacity, Date.now()],
        ),
      );
      return outcome === 1 ? 'taken' : outcome === 0 ? 'full' : 'closed';
    },

    async releaseSeat(account, holder) {
      await call(() => redis.hdel(keys.seats(account), holder));
    },

    async seatsHeld(account) {
      const held = await call(() =>
        redis.eval<[], number>(SEATS_HELD, [keys.seats(account), keys.seatsOpen(account)], []),
      );
      return held < 0 ? null : held;
    },

    async openSeats(account, holders) {
      await call(() =>
        redis.eval<string[], number>(
          OPEN_SEATS,
          [keys.seats(account), keys.seatsOpen(account)],
          [String(Date.now()), ...holders],
        ),
      );
    },

    async remember(name, value, ttlMs) {
      await call(() => redis.set(keys.remembered(name), JSON.stringify(value), { px: Math.max(1, ttlMs) }));
    },

    async recall<T>(name: string) {
      const raw = await call(() => redis.get<string>(keys.remembered(name)));
      return raw === null ? null : (JSON.parse(raw) as T);
    },

    async schedule(queue, member, dueAtMs) {
      await call(() => redis.zadd(keys.dueIndex(queue), { score: dueAtMs, member }));
    },

    async unschedule(queue, member) {
      await call(() => redis.zrem(keys.dueIndex(queue), member));
    },

    async due(queue, nowMs, limit) {
      const flat = await call(() =>
        redis.zrange<string[]>(keys.dueIndex(queue), '-inf', nowMs, {
          byScore: true,
          withScores: true,
          offset: 0,
          count: Math.max(1, limit),
        }),
      );
      const entries: DueEntry[] = [];
      for (let i = 0; i + 1 < flat.length; i += 2)
        entries.push({ member: String(flat[i]), dueAtMs: Number(flat[i + 1]) });
      return entries;
    },

    async tally(changes, once) {
      const names = [...new Set(changes.map((change) => change.name))];
      const args = changes.flatMap((change) => [
        names.indexOf(change.name) + 1,
        change.field,
        Math.round(change.by),
      ]);
      if (args.length === 0 && !once) return true;
      const counted = await call(() =>
        redis.eval<(string | number)[], number>(
          TALLY,
          [keys.tallyOnce, ...names.map((name) => keys.tally(name))],
          [once ?? '', ...args],
        ),
      );
      return counted === 1;
    },

    async readTallies(names) {
      if (names.length === 0) return [];
      const pipeline = redis.pipeline();
      for (const name of names) pipeline.hgetall(keys.tally(name));
      const replies = await call(() => pipeline.exec());
      return replies.map(countsOf);
    },

    async clearTallies() {
      let cursor = '0';
      do {
        const [next, found] = await call(() => redis.scan(cursor, { match: keys.tallyPattern, count: 500 }));
        cursor = String(next);
        const [first, ...rest] = found;
        if (first !== undefined) await call(() => redis.del(first, ...rest));
      } while (cursor !== '0');
      await call(() => redis.del(keys.tallyOnce));
    },
  };
}
