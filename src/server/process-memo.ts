/**
 * Memos that outlive a module instance. The local runner's warm build worker (scripts/local/build-worker.ts)
 * bundles src/ afresh for every build, so a module-level cache starts empty each time; a memo kept on globalThis
 * under a `Symbol.for` key is shared by every build of the process (and by every request of a warm function).
 *
 * Only for pure functions of the key: the same key always gives the same value, so a hit is exactly what computing
 * would have given and the build's output stays byte-identical. Bounded, since a function process lives for hours:
 * a memo that reaches its limit starts over.
 */
export interface ProcessMemo<V> {
  /** The value kept for `key`, else `make()`'s (kept; a rejected promise is not kept). */
  get(key: string, make: () => V): V;
  has(key: string): boolean;
  readonly size: number;
}

export function processMemo<V>(name: string, limit: number): ProcessMemo<V> {
  const slot = Symbol.for(`delta:process-memo:${name}`);
  const store = globalThis as unknown as Record<symbol, Map<string, V> | undefined>;
  const entries = (store[slot] ??= new Map<string, V>());
  return {
    get(key, make) {
      if (entries.has(key)) return entries.get(key) as V;
      const value = make();
      if (entries.size >= limit) entries.clear();
      entries.set(key, value);
      if (value instanceof Promise)
        value.catch(() => {
          if (entries.get(key) === value) entries.delete(key);
        });
      return value;
    },
    has: (key) => entries.has(key),
    get size() {
      return entries.size;
    },
  };
}
