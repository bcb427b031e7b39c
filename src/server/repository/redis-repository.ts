/**
 * Stored items over Upstash Redis (the production store when UPSTASH_REDIS_REST_URL/_TOKEN are set).
 *
 * A collection is a hash of id → item JSON plus a sorted set of ids (all score 0, so ordered by the
 * time-ordered ids themselves). A list is one HGETALL; a page is one Lua script; every multi-key write is one
 * Lua script, so it is atomic and one round trip. Updates and deletes compare-and-set against the JSON they
 * read, so a concurrent writer is never silently overwritten with stale fields.
 */
import { isId } from './ids.ts';
import { collectionOfTrashField, trashField } from './keys.ts';
import {
  arrange,
  checkExpectedVersion,
  itemToPut,
  keptChanging,
  newItem,
  newestDeletedFirst,
  nextVersion,
  revisionsOfUpdate,
  trashEntry,
  uniqueConflict,
  uniqueValue,
  updatedItem,
} from './policy.ts';
import {
  OrderConflictError,
  REVISIONS_KEPT,
  type CollectionName,
  type Repository,
  type Revision,
  type StoredItem,
} from './port.ts';
import { connectRedis, type RedisOptions } from './redis-connection.ts';

/** KEYS items, order, unique · ARGV id, json, unique value ('' when none) → 1 stored, 0 unique conflict. */
const CREATE = `
if ARGV[3] ~= '' and redis.call('HSETNX', KEYS[3], ARGV[3], ARGV[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('ZADD', KEYS[2], 0, ARGV[1])
return 1`;

/**
 * The common start of DELETE and TRASH · KEYS items, order, unique · ARGV id, expected json, unique value:
 * compare-and-set on the item's JSON, then out of the hash, the page order and the unique index.
 */
const TAKE_OUT = `
local current = redis.call('HGET', KEYS[1], ARGV[1])
if not current then return -1 end
if current ~= ARGV[2] then return 0 end
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('ZREM', KEYS[2], ARGV[1])
if ARGV[3] ~= '' and redis.call('HGET', KEYS[3], ARGV[3]) == ARGV[1] then redis.call('HDEL', KEYS[3], ARGV[3]) end`;

/** KEYS items, order, unique · ARGV id, expected json, unique value → 1 deleted, 0 changed meanwhile, -1 gone. */
const DELETE = `${TAKE_OUT}
return 1`;

/**
 * KEYS items, unique, revisions · ARGV id, expected json, new json, old unique, new unique, kept revisions,
 * previous version's revision, new version's revision, '1' to keep revisions ('0': bookkeeping, no history)
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
if ARGV[9] == '0' then return 1 end
if redis.call('LLEN', KEYS[3]) == 0 then redis.call('LPUSH', KEYS[3], ARGV[7]) end
redis.call('LPUSH', KEYS[3], ARGV[8])
redis.call('LTRIM', KEYS[3], 0, tonumber(ARGV[6]) - 1)
return 1`;

/** KEYS items, position → { count of ordered ids, ordered ids…, id, json, id, json… }. */
const LIST = `
local ordered = redis.call('ZRANGE', KEYS[2], 0, -1)
local out = { #ordered }
for i = 1, #ordered do out[#out + 1] = ordered[i] end
local all = redis.call('HGETALL', KEYS[1])
for i = 1, #all do out[#out + 1] = all[i] end
return out`;

/**
 * KEYS items, position · ARGV the new order's ids → { json… } in that order, or 0 when the ids are not exactly
 * the collection's ids (nothing written).
 */
const REORDER = `
if redis.call('HLEN', KEYS[1]) ~= #ARGV then return 0 end
local seen = {}
for i = 1, #ARGV do
  if seen[ARGV[i]] or redis.call('HEXISTS', KEYS[1], ARGV[i]) == 0 then return 0 end
  seen[ARGV[i]] = true
end
redis.call('DEL', KEYS[2])
if #ARGV == 0 then return {} end
for i = 1, #ARGV do redis.call('ZADD', KEYS[2], i, ARGV[i]) end
return redis.call('HMGET', KEYS[1], unpack(ARGV))`;

/**
 * KEYS items, order, unique, trash items, trash deletedAt · ARGV id, expected json, unique value, trash field,
 * deletedAt → 1 moved to the trash, 0 changed meanwhile, -1 gone. The admin's order keeps the id (restore).
 */
const TRASH = `${TAKE_OUT}
redis.call('HSET', KEYS[4], ARGV[4], current)
redis.call('HSET', KEYS[5], ARGV[4], ARGV[5])
return 1`;

/**
 * KEYS items, order, unique · ARGV id, expected json ('' = absent), new json, old unique, new unique
 * → 1 stored, 0 changed meanwhile (retry), -2 unique conflict.
 */
const PUT = `
local current = redis.call('HGET', KEYS[1], ARGV[1]) or ''
if current ~= ARGV[2] then return 0 end
if ARGV[5] ~= '' then
  local holder = redis.call('HGET', KEYS[3], ARGV[5])
  if holder and holder ~= ARGV[1] then return -2 end
  redis.call('HSET', KEYS[3], ARGV[5], ARGV[1])
end
if ARGV[4] ~= '' and ARGV[4] ~= ARGV[5] and redis.call('HGET', KEYS[3], ARGV[4]) == ARGV[1] then
  redis.call('HDEL', KEYS[3], ARGV[4])
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
redis.call('ZADD', KEYS[2], 0, ARGV[1])
return 1`;

/**
 * KEYS items, order, unique, trash items, trash deletedAt · ARGV id, expected json, unique value, trash field
 * → 1 restored, 0 changed meanwhile, -1 not in the trash, -2 unique conflict, -3 the id is in use.
 */
const RESTORE = `
local entry = redis.call('HGET', KEYS[4], ARGV[4])
if not entry then return -1 end
if entry ~= ARGV[2] then return 0 end
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then return -3 end
if ARGV[3] ~= '' and redis.call('HSETNX', KEYS[3], ARGV[3], ARGV[1]) == 0 then return -2 end
redis.call('HSET', KEYS[1], ARGV[1], entry)
redis.call('ZADD', KEYS[2], 0, ARGV[1])
redis.call('HDEL', KEYS[4], ARGV[4])
redis.call('HDEL', KEYS[5], ARGV[4])
return 1`;

/** KEYS trash items, trash deletedAt, revisions, position · ARGV trash field, id → the item json, or nil. */
const PURGE = `
local entry = redis.call('HGET', KEYS[1], ARGV[1])
if not entry then return nil end
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
redis.call('DEL', KEYS[3])
redis.call('ZREM', KEYS[4], ARGV[2])
return entry`;

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

/**
 * KEYS items of each collection · ARGV field, value → { total, matching, total, matching, … } in KEYS order.
 * Counted inside Redis, so the sidebar's badges cost one round trip however many requests there are.
 */
const TALLY = `
local out = {}
for _, key in ipairs(KEYS) do
  local values = redis.call('HVALS', key)
  local matching = 0
  for _, json in ipairs(values) do
    local found = cjson.decode(json)[ARGV[1]]
    if found == nil or found == ARGV[2] then matching = matching + 1 end
  end
  out[#out + 1] = #values
  out[#out + 1] = matching
end
return out`;

const CAS_ATTEMPTS = 5;

/** HGETALL without automatic deserialisation answers a flat [field, value, field, value, …] list. */
function pairsOf(reply: unknown): Map<string, string> {
  const pairs = new Map<string, string>();
  if (Array.isArray(reply)) {
    for (let i = 0; i + 1 < reply.length; i += 2) pairs.set(String(reply[i]), String(reply[i + 1]));
  } else if (reply && typeof reply === 'object') {
    for (const [field, value] of Object.entries(reply)) pairs.set(field, String(value));
  }
  return pairs;
}

export function createRedisRepository(options: RedisOptions): Repository {
  const { redis, keys, call } = connectRedis(options);

  const script = (source: string, scriptKeys: string[], args: Array<string | number>) =>
    call(() => redis.eval<Array<string | number>, unknown>(source, scriptKeys, args));
  const parse = (json: string) => JSON.parse(json) as StoredItem;

  async function readRaw(collection: CollectionName, id: string): Promise<string | null> {
    if (!isId(id)) return null;
    return call(() => redis.hget<string>(keys.items(collection), id));
  }

  const trashKeys = (collection: CollectionName) => [
    keys.items(collection),
    keys.order(collection),
    keys.unique(collection),
  ];

  return {
    backend: 'redis',

    async list(collection) {
      const reply = (await script(LIST, [keys.items(collection), keys.position(collection)], [])) as Array<
        string | number
      >;
      const orderedCount = Number(reply[0]);
      const ordered = reply.slice(1, 1 + orderedCount).map(String);
      const flat = reply.slice(1 + orderedCount).map(String);
      const items: StoredItem[] = [];
      for (let i = 0; i + 1 < flat.length; i += 2) items.push(parse(flat[i + 1] as string));
      return arrange(items, ordered);
    },

    async reorder(collection, ids) {
      if (!ids.every(isId)) throw new OrderConflictError();
      const reply = await script(REORDER, [keys.items(collection), keys.position(collection)], [...ids]);
      if (!Array.isArray(reply)) throw new OrderConflictError();
      return (reply as string[]).map(parse);
    },

    async revisions(collection, id) {
      if (!isId(id)) return [];
      const raw = await call(() =>
        redis.lrange<string>(keys.revisions(collection, id), 0, REVISIONS_KEPT - 1),
      );
      return raw.map((json) => JSON.parse(json) as Revision);
    },

    async trash(collection, id, deletedAt) {
      for (let attempt = 0; attempt < CAS_ATTEMPTS; attempt++) {
        const raw = await readRaw(collection, id);
        if (raw === null) return null;
        const item = parse(raw);
        const outcome = await script(
          TRASH,
          [...trashKeys(collection), keys.trashItems, keys.trashDeletedAt],
          [id, raw, uniqueValue(collection, item), trashField(collection, id), deletedAt],
        );
        if (outcome === 1) return trashEntry(collection, item, deletedAt);
        if (outcome === -1) return null;
      }
      throw keptChanging();
    },

    async listTrash() {
      const [items, deletedAt] = await Promise.all([
        call(() => redis.hgetall(keys.trashItems)),
        call(() => redis.hgetall(keys.trashDeletedAt)),
      ]);
      const times = pairsOf(deletedAt);
      return newestDeletedFirst(
        [...pairsOf(items)].map(([field, json]) =>
          trashEntry(collectionOfTrashField(field), parse(json), times.get(field) ?? ''),
        ),
      );
    },

    async restoreFromTrash(collection, id) {
      if (!isId(id)) return null;
      for (let attempt = 0; attempt < CAS_ATTEMPTS; attempt++) {
        const field = trashField(collection, id);
        const raw = await call(() => redis.hget<string>(keys.trashItems, field));
        if (raw === null) return null;
        const item = parse(raw);
        const outcome = await script(
          RESTORE,
          [...trashKeys(collection), keys.trashItems, keys.trashDeletedAt],
          [id, raw, uniqueValue(collection, item), field],
        );
        if (outcome === 1) return item;
        if (outcome === -1 || outcome === -3) return null;
        if (outcome === -2) throw uniqueConflict(collection);
      }
      throw keptChanging();
    },

    async purgeFromTrash(collection, id) {
      if (!isId(id)) return null;
      const field = trashField(collection, id);
      const deletedAt = await call(() => redis.hget<string>(keys.trashDeletedAt, field));
      const raw = (await script(
        PURGE,
        [keys.trashItems, keys.trashDeletedAt, keys.revisions(collection, id), keys.position(collection)],
        [field, id],
      )) as string | null;
      return raw === null ? null : trashEntry(collection, parse(raw), deletedAt ?? '');
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
      const item = newItem(fields);
      const stored = await script(
        CREATE,
        [keys.items(collection), keys.order(collection), keys.unique(collection)],
        [item._id, JSON.stringify(item), uniqueValue(collection, item)],
      );
      if (stored === 0) throw uniqueConflict(collection);
      return item;
    },

    async update(collection, id, fields, options = {}) {
      for (let attempt = 0; attempt < CAS_ATTEMPTS; attempt++) {
        const raw = await readRaw(collection, id);
        if (raw === null) return null;
        const previous = parse(raw);
        // Checked against the JSON the script then compares byte for byte: the check and the write are one.
        checkExpectedVersion(previous, options.expectedVersion);
        const quiet = options.touch === false;
        const item = updatedItem(previous, fields, quiet ? null : nextVersion(previous));
        // The script keeps the first revision only when the item has no history yet.
        const [old, current] = revisionsOfUpdate(previous, item, false) as [Revision, Revision];
        const outcome = await script(
          UPDATE,
          [keys.items(collection), keys.unique(collection), keys.revisions(collection, id)],
          [
            id,
            raw,
            JSON.stringify(item),
            uniqueValue(collection, previous),
            uniqueValue(collection, item),
            REVISIONS_KEPT,
            JSON.stringify(old),
            JSON.stringify(current),
            quiet ? '0' : '1',
          ],
        );
        if (outcome === 1) return { item, previous };
        if (outcome === -1) return null;
        if (outcome === -2) throw uniqueConflict(collection);
      }
      throw keptChanging();
    },

    async put(collection, given, options = {}) {
      const item = itemToPut(given);
      for (let attempt = 0; attempt < CAS_ATTEMPTS; attempt++) {
        const raw = await readRaw(collection, item._id);
        if (options.onlyIfNew && raw !== null) return;
        const previous = raw === null ? null : parse(raw);
        const outcome = await script(
          PUT,
          [keys.items(collection), keys.order(collection), keys.unique(collection)],
          [
            item._id,
            raw ?? '',
            JSON.stringify(item),
            uniqueValue(collection, previous),
            uniqueValue(collection, item),
          ],
        );
        if (outcome === 1) return;
        if (outcome === -2) throw uniqueConflict(collection);
      }
      throw keptChanging();
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
      throw keptChanging();
    },

    async tally(collections, field, value) {
      const flat = (await script(
        TALLY,
        collections.map((collection) => keys.items(collection)),
        [field, value],
      )) as number[];
      return Object.fromEntries(
        collections.map((collection, i) => [
          collection,
          { total: Number(flat[2 * i]), matching: Number(flat[2 * i + 1]) },
        ]),
      );
    },

    async getDocument<T>(key: Parameters<Repository['getDocument']>[0]) {
      const raw = await call(() => redis.get<string>(keys.document(key)));
      return raw === null ? null : (JSON.parse(raw) as T);
    },

    async setDocument(key, value) {
      await call(() => redis.set(keys.document(key), JSON.stringify(value)));
    },

    async ping() {
      await call(() => redis.ping());
    },
  };
}
