/**
 * The Redis adapter's indexed reads (indexes.ts): an index is a sorted set of ids, all score 0, so a page is the
 * same script as the collection's own page (PAGE) over the index instead of the order, and a count is its size.
 * The writes that keep the indexes are the item's own scripts (redis-scripts.ts `applyIndexes`).
 */
import {
  holdsEntry,
  indexesBuiltOnce,
  INDEX_RULE_VERSION,
  REBUILD_BATCH,
  type IndexEntry,
  type IndexRule,
} from './indexes.ts';
import { isId } from './ids.ts';
import type { CollectionName, Page, Repository, StoredItem, Tally } from './port.ts';
import type { RedisConnection } from './redis-connection.ts';
import { COUNT_BY, PAGE, REINDEX } from './redis-scripts.ts';

type Script = (source: string, keys: string[], args: Array<string | number>) => Promise<unknown>;

export function redisIndexes(
  { redis, keys, call }: RedisConnection,
  script: Script,
  rule: IndexRule,
): Pick<Repository, 'listPageBy' | 'countBy' | 'rebuildIndexes'> & {
  tallyBy(collections: readonly CollectionName[], by: IndexEntry): Promise<Record<string, Tally>>;
} {
  const parse = (json: string) => JSON.parse(json) as StoredItem;

  /** Indexes every item in id order, a batch per script, each item only if it is still as it was read. */
  async function build(collection: CollectionName) {
    let after: '-' | `(${string}` = '-';
    for (;;) {
      const ids = (await call(() =>
        redis.zrange(keys.order(collection), after, '+', { byLex: true, offset: 0, count: REBUILD_BATCH }),
      )) as string[];
      if (ids.length === 0) break;
      // Without automatic deserialisation HMGET answers the values in the order asked.
      const raws = (await call(() => redis.hmget(keys.items(collection), ...ids))) as unknown as Array<
        string | null
      >;
      const indexKeys: string[] = [keys.items(collection)];
      const places = new Map<string, number>();
      const args: string[] = [];
      for (const [index, id] of ids.entries()) {
        const raw = raws[index];
        if (typeof raw !== 'string') continue;
        const entries = rule.entries(collection, parse(raw));
        args.push(id, raw, String(entries.length));
        for (const entry of entries) {
          const key = keys.index(collection, entry.field, entry.value);
          if (!places.has(key)) places.set(key, indexKeys.push(key));
          args.push(String(places.get(key)));
        }
      }
      if (args.length > 0) await script(REINDEX, indexKeys, args);
      after = `(${ids.at(-1)}`;
    }
    await call(() => redis.set(keys.indexed(collection), String(INDEX_RULE_VERSION)));
  }

  const built = indexesBuiltOnce(async (collection) => {
    const version = await call(() => redis.get<string>(keys.indexed(collection)));
    return version === null ? null : Number(version);
  }, build);

  const indexed = (collection: CollectionName, field: string) => rule.fields(collection).includes(field);

  return {
    async listPageBy(collection, by, { limit, cursor }): Promise<Page> {
      if (!indexed(collection, by.field)) return { items: [], nextCursor: null };
      await built.ensure(collection);
      const from = cursor && isId(cursor) ? cursor : '';
      const [more, ...values] = (await script(
        PAGE,
        [keys.items(collection), keys.index(collection, by.field, by.value)],
        [limit, from],
      )) as string[];
      const read = values.map(parse);
      const last = read.at(-1)?._id ?? null;
      // Written with the item in one script, an entry is stale only under an older rule: never shown.
      const items = read.filter((item) => holdsEntry(rule, collection, item, by));
      return { items, nextCursor: more === '1' ? last : null };
    },

    async countBy(collection, by) {
      if (!indexed(collection, by.field)) return 0;
      await built.ensure(collection);
      return call(() => redis.zcard(keys.index(collection, by.field, by.value)));
    },

    /**
     * Each collection's size and its index's, in one script: a collection whose indexes are not built yet is
     * built first (once), then counted again.
     */
    async tallyBy(collections, by) {
      const scriptKeys = collections.flatMap((collection) => [
        keys.order(collection),
        keys.index(collection, by.field, by.value),
        keys.indexed(collection),
      ]);
      // Each collection is built at most once here, so this ends.
      for (let pass = 0; ; pass++) {
        const flat = (await script(COUNT_BY, scriptKeys, [INDEX_RULE_VERSION])) as number[];
        const unbuilt = Number(flat[0]) === -1 ? collections[Number(flat[1]) - 1] : undefined;
        if (unbuilt === undefined)
          return Object.fromEntries(
            collections.map((collection, i) => [
              collection,
              { total: Number(flat[2 * i]), matching: Number(flat[2 * i + 1]) },
            ]),
          );
        if (pass > collections.length)
          throw new Error(`The indexes of ${unbuilt} were not recorded as built`);
        await built.rebuild(unbuilt);
      }
    },

    async rebuildIndexes(collection) {
      if (rule.fields(collection).length > 0) await built.rebuild(collection);
    },
  };
}
