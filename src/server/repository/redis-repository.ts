/**
 * Stored items over Upstash Redis (the production store when UPSTASH_REDIS_REST_URL/_TOKEN are set).
 *
 * A collection is a hash of id → item JSON plus a sorted set of ids (all score 0, so ordered by the
 * time-ordered ids themselves). A list is one HGETALL; a page is one Lua script; every multi-key write is one
 * Lua script, so it is atomic and one round trip. Updates and deletes compare-and-set against the JSON they
 * read, so a concurrent writer is never silently overwritten with stale fields. A request's sorted indexes
 * (indexes.ts, redis-indexes.ts) are written by the same scripts, with the item.
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
  claimChanges,
  uniqueConflict,
  updatedItem,
  type UniqueClaim,
  type UniqueRule,
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
import {
  CREATE,
  DELETE,
  LIST,
  PAGE,
  PURGE,
  PUT,
  REORDER,
  RESTORE,
  TAKE_CLAIM,
  TALLY,
  TRASH,
  UPDATE,
} from './redis-scripts.ts';
import { REGISTRY_UNIQUE_RULE } from './unique.ts';
import { indexChanges, INDEX_RULE_VERSION, REGISTRY_INDEX_RULE, type IndexRule } from './indexes.ts';
import { redisIndexes } from './redis-indexes.ts';

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

/** A script's answer that a claim is held by another item: { -2, which claim (from 1), its holder }. */
const heldClaim = (reply: unknown): { index: number; holder: string } | null =>
  Array.isArray(reply) && Number(reply[0]) === -2
    ? { index: Number(reply[1]) - 1, holder: String(reply[2]) }
    : null;

export function createRedisRepository(
  options: RedisOptions & { unique?: UniqueRule; indexes?: IndexRule },
): Repository {
  const connection = connectRedis(options);
  const { redis, keys, call } = connection;
  const rule = options.unique ?? REGISTRY_UNIQUE_RULE;
  const indexRule = options.indexes ?? REGISTRY_INDEX_RULE;

  const script = (source: string, scriptKeys: string[], args: Array<string | number>) =>
    call(() => redis.eval<Array<string | number>, unknown>(source, scriptKeys, args));
  const parse = (json: string) => JSON.parse(json) as StoredItem;

  async function readRaw(collection: CollectionName, id: string): Promise<string | null> {
    if (!isId(id)) return null;
    return call(() => redis.hget<string>(keys.items(collection), id));
  }

  /**
   * The claims a write takes and frees and the indexes the item joins and leaves, as the scripts' trailing keys
   * and arguments (CLAIMS, then the indexes).
   */
  function claimsOf(
    collection: CollectionName,
    previous: StoredItem | null,
    item: StoredItem | null,
  ): { keys: string[]; args: string[]; taken: UniqueClaim[] } {
    const { taken, released } = claimChanges(rule, collection, previous, item);
    const both = [...taken, ...released];
    const { added, removed } = indexChanges(indexRule, collection, previous, item);
    const indexKeys = [...added, ...removed].map((entry) => keys.index(collection, entry.field, entry.value));
    const built = indexRule.fields(collection).length > 0 ? [keys.indexed(collection)] : [];
    return {
      keys: [...both.map((claim) => keys.claims(collection, claim.field)), ...indexKeys, ...built],
      args: [
        String(taken.length),
        String(released.length),
        ...both.map((claim) => claim.value),
        String(added.length),
        String(removed.length),
        String(INDEX_RULE_VERSION),
      ],
      taken,
    };
  }

  /** Throws UniqueConflictError when the script answered that a claim is held by another item. */
  function refuseHeld(reply: unknown, taken: UniqueClaim[]) {
    const held = heldClaim(reply);
    const claim = held ? taken[held.index] : undefined;
    if (held && claim) throw uniqueConflict(claim, held.holder);
  }

  const indexed = redisIndexes(connection, script, indexRule);

  return {
    backend: 'redis',
    listPageBy: indexed.listPageBy,
    countBy: indexed.countBy,
    rebuildIndexes: indexed.rebuildIndexes,

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
        const claims = claimsOf(collection, item, null);
        const outcome = await script(
          TRASH,
          [
            keys.items(collection),
            keys.order(collection),
            keys.trashItems,
            keys.trashDeletedAt,
            ...claims.keys,
          ],
          [id, raw, trashField(collection, id), deletedAt, ...claims.args],
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
        const claims = claimsOf(collection, null, item);
        const outcome = await script(
          RESTORE,
          [
            keys.items(collection),
            keys.order(collection),
            keys.trashItems,
            keys.trashDeletedAt,
            ...claims.keys,
          ],
          [id, raw, field, ...claims.args],
        );
        if (outcome === 1) return item;
        if (outcome === -1 || outcome === -3) return null;
        refuseHeld(outcome, claims.taken);
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
      const claims = claimsOf(collection, null, item);
      const stored = await script(
        CREATE,
        [keys.items(collection), keys.order(collection), ...claims.keys],
        [item._id, JSON.stringify(item), ...claims.args],
      );
      refuseHeld(stored, claims.taken);
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
        const claims = claimsOf(collection, previous, item);
        const outcome = await script(
          UPDATE,
          [keys.items(collection), keys.revisions(collection, id), ...claims.keys],
          [
            id,
            raw,
            JSON.stringify(item),
            REVISIONS_KEPT,
            JSON.stringify(old),
            JSON.stringify(current),
            quiet ? '0' : '1',
            ...claims.args,
          ],
        );
        if (outcome === 1) return { item, previous };
        if (outcome === -1) return null;
        refuseHeld(outcome, claims.taken);
      }
      throw keptChanging();
    },

    async put(collection, given, options = {}) {
      const item = itemToPut(given);
      for (let attempt = 0; attempt < CAS_ATTEMPTS; attempt++) {
        const raw = await readRaw(collection, item._id);
        if (options.onlyIfNew && raw !== null) return;
        const previous = raw === null ? null : parse(raw);
        const claims = claimsOf(collection, previous, item);
        const outcome = await script(
          PUT,
          [keys.items(collection), keys.order(collection), ...claims.keys],
          [item._id, raw ?? '', JSON.stringify(item), ...claims.args],
        );
        if (outcome === 1) return;
        refuseHeld(outcome, claims.taken);
      }
      throw keptChanging();
    },

    async delete(collection, id) {
      for (let attempt = 0; attempt < CAS_ATTEMPTS; attempt++) {
        const raw = await readRaw(collection, id);
        if (raw === null) return null;
        const previous = parse(raw);
        const claims = claimsOf(collection, previous, null);
        const outcome = await script(
          DELETE,
          [keys.items(collection), keys.order(collection), ...claims.keys],
          [id, raw, ...claims.args],
        );
        if (outcome === 1) return previous;
        if (outcome === -1) return null;
      }
      throw keptChanging();
    },

    async tally(collections, field, value) {
      // An indexed field is counted from index sizes; any other by reading the items inside Redis.
      if (collections.every((collection) => indexRule.fields(collection).includes(field)))
        return indexed.tallyBy(collections, { field, value });
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

    async claimHolder(collection, claim) {
      const holder = await call(() => redis.hget<string>(keys.claims(collection, claim.field), claim.value));
      return holder === null ? null : String(holder);
    },

    async listClaims(collection, field) {
      const pairs = pairsOf(await call(() => redis.hgetall(keys.claims(collection, field))));
      return [...pairs].map(([value, holder]) => ({ value, holder }));
    },

    async takeClaim(collection, claim, holder) {
      if (!isId(holder)) throw new Error(`Not an item id: ${holder}`);
      const held = await script(TAKE_CLAIM, [keys.claims(collection, claim.field)], [claim.value, holder]);
      return String(held);
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
