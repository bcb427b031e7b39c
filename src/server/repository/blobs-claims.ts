/**
 * The unique claims of the Blobs items adapter (blobs-repository.ts): one blob per claimed value, written with
 * `onlyIfNew`, so of two writers claiming one value exactly one wins. A claim is written before its item and freed
 * after it, so a crash between the two leaves a claim whose item never appeared or no longer holds the value; such
 * an orphan is taken over once it is older than any write could take. A permanent claim (policy.ts) is never
 * taken over: its item may be gone on purpose, and the value stays its.
 */
import type { BlobsAccess } from './blobs-connection.ts';
import { isId } from './ids.ts';
import { blobKeys } from './keys.ts';
import { uniqueConflict, type UniqueClaim, type UniqueRule } from './policy.ts';
import type { CollectionName, StoredItem } from './port.ts';

/** An orphaned claim (see above) is reclaimable after this. */
const STALE_UNIQUE_CLAIM_MS = 60_000;

/** A claim's blob: who holds the value, since when. */
interface UniqueClaimRecord {
  id: string;
  claimedAt: number;
}

const sameClaim = (a: UniqueClaim) => (b: UniqueClaim) => a.field === b.field && a.value === b.value;

export function blobsClaims(
  {
    readJSON,
    writeJSON,
    remove,
    listKeys,
  }: Pick<BlobsAccess, 'readJSON' | 'writeJSON' | 'remove' | 'listKeys'>,
  rule: UniqueRule,
  get: (collection: CollectionName, id: string) => Promise<StoredItem | null>,
) {
  /**
   * Claims one value for the item with `onlyIfNew`; true when this call wrote the claim, false when the item
   * already held it. Throws UniqueConflictError when another item holds it.
   */
  async function claimOne(collection: CollectionName, id: string, claim: UniqueClaim): Promise<boolean> {
    const key = blobKeys.claim(collection, claim.field, claim.value);
    const fresh: UniqueClaimRecord = { id, claimedAt: Date.now() };
    if ((await writeJSON(key, fresh, true)).modified) return true;
    const holder = await readJSON<UniqueClaimRecord>(key);
    // Only put() and a restore reclaim a value for the id that already holds it.
    if (holder?.id === id) return false;
    let orphaned = false;
    if (!claim.permanent && holder !== null && Date.now() - holder.claimedAt > STALE_UNIQUE_CLAIM_MS) {
      const held = await get(collection, holder.id);
      orphaned = held === null || !rule(collection, held).some(sameClaim(claim));
    }
    if (orphaned) {
      await remove(key);
      if ((await writeJSON(key, fresh, true)).modified) return true;
    }
    throw uniqueConflict(claim, holder?.id);
  }

  /** Frees the values the item still holds. */
  async function releaseAll(collection: CollectionName, id: string, claims: UniqueClaim[]) {
    await Promise.all(
      claims.map(async (claim) => {
        const key = blobKeys.claim(collection, claim.field, claim.value);
        const holder = await readJSON<UniqueClaimRecord>(key);
        if (holder?.id === id) await remove(key);
      }),
    );
  }

  return {
    /** Claims every value for the item, or none: a refused one gives back those this call took. */
    async claimAll(collection: CollectionName, id: string, claims: UniqueClaim[]) {
      const written: UniqueClaim[] = [];
      try {
        for (const claim of claims) if (await claimOne(collection, id, claim)) written.push(claim);
      } catch (error) {
        await releaseAll(collection, id, written).catch(() => undefined);
        throw error;
      }
      return written;
    },

    releaseAll,

    async holder(collection: CollectionName, claim: UniqueClaim): Promise<string | null> {
      const record = await readJSON<UniqueClaimRecord>(blobKeys.claim(collection, claim.field, claim.value));
      return record?.id ?? null;
    },

    async list(collection: CollectionName, field: string) {
      const prefix = blobKeys.claimPrefix(collection, field);
      // Another field's folder lies under UNIQUE_FIELDS' prefix: only its own keys (no further `/`) are its claims.
      const tails = (await listKeys(prefix)).filter((tail) => !tail.includes('/'));
      const records = await Promise.all(tails.map((tail) => readJSON<UniqueClaimRecord>(prefix + tail)));
      return tails.flatMap((tail, index) => {
        const record = records[index];
        return record ? [{ value: decodeURIComponent(tail), holder: record.id }] : [];
      });
    },

    async take(collection: CollectionName, claim: UniqueClaim, holder: string): Promise<string> {
      if (!isId(holder)) throw new Error(`Not an item id: ${holder}`);
      const key = blobKeys.claim(collection, claim.field, claim.value);
      await writeJSON(key, { id: holder, claimedAt: Date.now() } satisfies UniqueClaimRecord, true);
      return (await readJSON<UniqueClaimRecord>(key))?.id ?? holder;
    },
  };
}
