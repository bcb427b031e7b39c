/**
 * The Lua scripts of the Redis items adapter (redis-repository.ts): each multi-key write is one script, so it is
 * atomic and one round trip. Kept apart from the adapter, which only passes them their keys and arguments.
 */
/**
 * The claims of a write (policy.ts `claimChanges`), appended to a script's own keys and arguments: after its
 * `K` keys, the hashes of the claims taken then of those released; after its `A` arguments, how many of each,
 * then their values. `claimConflict` answers { -2, index of the claim, its holder } when another item holds one
 * taken; `applyClaims` takes them for the item and frees the released ones it still holds. Checked and written
 * in the same script as the item, so of two saves claiming one slug exactly one lands.
 *
 * The indexes of the write (indexes.ts `indexChanges`) follow the claims: after the claims' keys, the sorted sets
 * the item joins then those it leaves; after the claims' arguments, how many of each. `applyIndexes` adds and
 * removes the id in the same script as the item's write, so an index never disagrees with a stored item. Last,
 * for an indexed collection, the key recording that its indexes are built and the rule's version: a write that
 * finds the collection empty records it, since every item it will hold is then written with its indexes.
 */
const CLAIMS = `
local function claimConflict(K, A, id)
  local taken = tonumber(ARGV[A + 1])
  for i = 1, taken do
    local holder = redis.call('HGET', KEYS[K + i], ARGV[A + 2 + i])
    if holder and holder ~= id then return { -2, i, holder } end
  end
  return nil
end
local function applyClaims(K, A, id)
  local taken = tonumber(ARGV[A + 1])
  local released = tonumber(ARGV[A + 2])
  for i = 1, taken do redis.call('HSET', KEYS[K + i], ARGV[A + 2 + i], id) end
  for j = 1, released do
    local key, value = KEYS[K + taken + j], ARGV[A + 2 + taken + j]
    if redis.call('HGET', key, value) == id then redis.call('HDEL', key, value) end
  end
end
local function applyIndexes(K, A, id)
  local taken, released = tonumber(ARGV[A + 1]), tonumber(ARGV[A + 2])
  local k, a = K + taken + released, A + 2 + taken + released
  local added, removed = tonumber(ARGV[a + 1]), tonumber(ARGV[a + 2])
  for i = 1, added do redis.call('ZADD', KEYS[k + i], 0, id) end
  for j = 1, removed do redis.call('ZREM', KEYS[k + added + j], id) end
  local built = KEYS[k + added + removed + 1]
  if built and redis.call('HLEN', KEYS[1]) == 0 then redis.call('SET', built, ARGV[a + 3]) end
end`;

/** KEYS items, order, claims · ARGV id, json, claims → 1 stored, { -2, claim, holder } a claim is held. */
export const CREATE = `${CLAIMS}
local conflict = claimConflict(2, 2, ARGV[1])
if conflict then return conflict end
applyClaims(2, 2, ARGV[1])
applyIndexes(2, 2, ARGV[1])
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('ZADD', KEYS[2], 0, ARGV[1])
return 1`;

/**
 * The common start of DELETE and TRASH · KEYS items, order, …, claims · ARGV id, expected json, …, claims:
 * compare-and-set on the item's JSON, then out of the hash, the page order and its claims.
 */
const takeOut = (keyCount: number, argCount: number) => `${CLAIMS}
local current = redis.call('HGET', KEYS[1], ARGV[1])
if not current then return -1 end
if current ~= ARGV[2] then return 0 end
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('ZREM', KEYS[2], ARGV[1])
applyClaims(${keyCount}, ${argCount}, ARGV[1])
applyIndexes(${keyCount}, ${argCount}, ARGV[1])`;

/** KEYS items, order, claims · ARGV id, expected json, claims → 1 deleted, 0 changed meanwhile, -1 gone. */
export const DELETE = `${takeOut(2, 2)}
return 1`;

/**
 * KEYS items, revisions, claims · ARGV id, expected json, new json, kept revisions, previous version's revision,
 * new version's revision, '1' to keep revisions ('0': bookkeeping, no history), claims
 * → 1 stored, 0 changed meanwhile (retry), -1 gone, { -2, claim, holder } a claim is held.
 */
export const UPDATE = `${CLAIMS}
local current = redis.call('HGET', KEYS[1], ARGV[1])
if not current then return -1 end
if current ~= ARGV[2] then return 0 end
local conflict = claimConflict(2, 7, ARGV[1])
if conflict then return conflict end
applyClaims(2, 7, ARGV[1])
applyIndexes(2, 7, ARGV[1])
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
if ARGV[7] == '0' then return 1 end
if redis.call('LLEN', KEYS[2]) == 0 then redis.call('LPUSH', KEYS[2], ARGV[5]) end
redis.call('LPUSH', KEYS[2], ARGV[6])
redis.call('LTRIM', KEYS[2], 0, tonumber(ARGV[4]) - 1)
return 1`;

/** KEYS items, position → { count of ordered ids, ordered ids…, id, json, id, json… }. */
export const LIST = `
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
export const REORDER = `
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
 * KEYS items, order, trash items, trash deletedAt, claims · ARGV id, expected json, trash field, deletedAt,
 * claims → 1 moved to the trash, 0 changed meanwhile, -1 gone. The admin's order keeps the id (restore).
 */
export const TRASH = `${takeOut(4, 4)}
redis.call('HSET', KEYS[3], ARGV[3], current)
redis.call('HSET', KEYS[4], ARGV[3], ARGV[4])
return 1`;

/**
 * KEYS items, order, claims · ARGV id, expected json ('' = absent), new json, claims
 * → 1 stored, 0 changed meanwhile (retry), { -2, claim, holder } a claim is held.
 */
export const PUT = `${CLAIMS}
local current = redis.call('HGET', KEYS[1], ARGV[1]) or ''
if current ~= ARGV[2] then return 0 end
local conflict = claimConflict(2, 3, ARGV[1])
if conflict then return conflict end
applyClaims(2, 3, ARGV[1])
applyIndexes(2, 3, ARGV[1])
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
redis.call('ZADD', KEYS[2], 0, ARGV[1])
return 1`;

/**
 * KEYS items, order, trash items, trash deletedAt, claims · ARGV id, expected json, trash field, claims
 * → 1 restored, 0 changed meanwhile, -1 not in the trash, { -2, claim, holder } a claim is held, -3 the id is
 * in use.
 */
export const RESTORE = `${CLAIMS}
local entry = redis.call('HGET', KEYS[3], ARGV[3])
if not entry then return -1 end
if entry ~= ARGV[2] then return 0 end
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then return -3 end
local conflict = claimConflict(4, 3, ARGV[1])
if conflict then return conflict end
applyClaims(4, 3, ARGV[1])
applyIndexes(4, 3, ARGV[1])
redis.call('HSET', KEYS[1], ARGV[1], entry)
redis.call('ZADD', KEYS[2], 0, ARGV[1])
redis.call('HDEL', KEYS[3], ARGV[3])
redis.call('HDEL', KEYS[4], ARGV[3])
return 1`;

/** KEYS trash items, trash deletedAt, revisions, position · ARGV trash field, id → the item json, or nil. */
export const PURGE = `
local entry = redis.call('HGET', KEYS[1], ARGV[1])
if not entry then return nil end
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
redis.call('DEL', KEYS[3])
redis.call('ZREM', KEYS[4], ARGV[2])
return entry`;

/** KEYS items, order · ARGV limit, cursor ('' = newest) → { '1' | '0' (more pages), json… } newest first. */
export const PAGE = `
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
export const TALLY = `
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

/**
 * KEYS claims · ARGV value, holder → who holds the value afterwards: the holder when it was free (or already
 * theirs), else the item that holds it.
 */
export const TAKE_CLAIM = `
redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2])
return redis.call('HGET', KEYS[1], ARGV[1])`;

/**
 * KEYS items, then every index key the batch names · ARGV for each item: id, its JSON as read, how many indexes,
 * then each index's place in KEYS → how many items were indexed. An item whose JSON changed since it was read is
 * skipped: its own write has put it in the indexes it is in now.
 */
export const REINDEX = `
local done, a = 0, 1
while a <= #ARGV do
  local id, raw, count = ARGV[a], ARGV[a + 1], tonumber(ARGV[a + 2])
  if redis.call('HGET', KEYS[1], id) == raw then
    for i = 1, count do redis.call('ZADD', KEYS[tonumber(ARGV[a + 2 + i])], 0, id) end
    done = done + 1
  end
  a = a + 3 + count
end
return done`;

/**
 * KEYS for each collection: its order, one of its indexes, the key recording that its indexes are built ·
 * ARGV the index rule's version → { total, in the index, total, in the index, … } in KEYS order, or { -1, n }
 * when the n-th collection holds items and its indexes were never built under this rule (nothing counted).
 */
export const COUNT_BY = `
local out = {}
for i = 1, #KEYS, 3 do
  local total = redis.call('ZCARD', KEYS[i])
  if total > 0 and redis.call('GET', KEYS[i + 2]) ~= ARGV[1] then return { -1, (i + 2) / 3 } end
  out[#out + 1] = total
  out[#out + 1] = redis.call('ZCARD', KEYS[i + 1])
end
return out`;
