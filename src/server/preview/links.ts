/**
 * Shared preview links: a token `p1.{expiresAtSeconds}.{linkId}.{hmac}` signed with HMAC-SHA256 under
 * a key derived from SESSION_SECRET, naming a record in the `previewLinks` collection that says which item it
 * shows. The signature means no one can make or alter a link; the record is what revocation deletes, so a link
 * stops working at once and stays dead. Both the token and the record carry the expiry: the token's cannot be
 * stretched by a store edit, the record's lets the admin list a link's life without the token (never stored). A
 * link works only while the account that shared it is enabled.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { PREVIEW_LINK_DAYS, PREVIEW_PAGE_PATH, type PreviewLinkView } from '../../lib/preview.ts';
import { DAY_MS } from '../../lib/constants.ts';
import { findAccountByUserId, getAccount } from '../auth/accounts.ts';
import type { Actor } from '../auth/guard.ts';
import type { Deps } from '../deps.ts';
import { newId } from '../repository/ids.ts';
import type { StoredItem } from '../repository/port.ts';

export const PREVIEW_LINKS = 'previewLinks';
const VERSION = 'p1';
/** A token as it may appear in a URL: anything else is not looked at. */
export const TOKEN_PATTERN = /^p1\.\d{1,12}\.[A-Za-z0-9_-]{1,64}\.[A-Za-z0-9_-]{43}$/;

export interface PreviewLinkRecord extends StoredItem {
  family: string;
  itemId: string;
  expiresAt: string;
  createdById: string;
  createdByName: string;
  /** The sharer's account record; absent on links made before it was kept (found by user ID instead). */
  createdByAccount?: string;
}

/** Its own key, so a preview token and a session cookie can never stand for each other. */
const keyOf = (secret: string) => createHmac('sha256', secret).update('delta:preview-links:v1').digest();
const sign = (payload: string, secret: string) =>
  createHmac('sha256', keyOf(secret)).update(payload).digest('base64url');

function secretOf(deps: Deps): string {
  const secret = deps.env.SESSION_SECRET;
  if (!secret) throw new Error('SESSION_SECRET is not set');
  return secret;
}

export const viewOf = (record: PreviewLinkRecord): PreviewLinkView => ({
  id: record._id,
  createdAt: record.createdAt,
  expiresAt: record.expiresAt,
  createdBy: record.createdByName,
});

/** Makes and records a link to `family`'s item `itemId`, valid for `days`. */
export async function shareLink(
  deps: Deps,
  actor: Pick<Actor, 'accountId' | 'userId' | 'name'>,
  family: string,
  itemId: string,
  days = PREVIEW_LINK_DAYS,
): Promise<{ token: string; path: string; record: PreviewLinkRecord }> {
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + days * DAY_MS);
  const record: PreviewLinkRecord = {
    // The real time, not deps.now: ids order the store (as sessions.ts does).
    _id: newId(),
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    family,
    itemId,
    expiresAt: expiresAt.toISOString(),
    createdById: actor.userId,
    createdByName: actor.name,
    createdByAccount: actor.accountId,
  };
  await deps.repository.put(PREVIEW_LINKS, record);
  const payload = `${VERSION}.${Math.floor(expiresAt.getTime() / 1000)}.${record._id}`;
  const token = `${payload}.${sign(payload, secretOf(deps))}`;
  return { token, path: `${PREVIEW_PAGE_PATH}/${token}`, record };
}

export type LinkCheck =
  | { kind: 'ok'; record: PreviewLinkRecord }
  /** Not made here: malformed, or its signature does not match. */
  | { kind: 'invalid' }
  | { kind: 'expired' }
  /** Made here and unexpired, but its record is gone (revoked, or its item deleted) or its sharer is disabled. */
  | { kind: 'revoked' };

/**
 * Whether the person who shared the link may still show drafts: a link speaks for its sharer, so it stops working
 * while their account is disabled (and for good once it is deleted). One read by id; only a link made before the
 * account id was recorded looks its sharer up by user ID.
 */
async function sharerIsActive(deps: Deps, record: PreviewLinkRecord): Promise<boolean> {
  const account = record.createdByAccount
    ? await getAccount(deps, record.createdByAccount)
    : await findAccountByUserId(deps, record.createdById);
  return account !== null && !account.disabled;
}

/** What a token opens, checked against the signature, the clock and the store, in that order. */
export async function checkLink(deps: Deps, token: string): Promise<LinkCheck> {
  if (!TOKEN_PATTERN.test(token)) return { kind: 'invalid' };
  const [version, expires, linkId, signature] = token.split('.') as [string, string, string, string];
  const expected = Buffer.from(sign(`${version}.${expires}.${linkId}`, secretOf(deps)));
  const actual = Buffer.from(signature);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return { kind: 'invalid' };
  const now = deps.now().getTime();
  if (Number(expires) * 1000 <= now) return { kind: 'expired' };
  const record = (await deps.repository.get(PREVIEW_LINKS, linkId)) as PreviewLinkRecord | null;
  if (!record) return { kind: 'revoked' };
  if (new Date(record.expiresAt).getTime() <= now) return { kind: 'expired' };
  if (!(await sharerIsActive(deps, record))) return { kind: 'revoked' };
  return { kind: 'ok', record };
}

/** The item's links still working, newest first; expired records met on the way are removed. */
export async function activeLinks(deps: Deps, family: string, itemId: string): Promise<PreviewLinkRecord[]> {
  const now = deps.now().getTime();
  const all = (await deps.repository.list(PREVIEW_LINKS)) as PreviewLinkRecord[];
  const expired = all.filter((record) => new Date(record.expiresAt).getTime() <= now);
  await Promise.all(expired.map((record) => deps.repository.delete(PREVIEW_LINKS, record._id)));
  return all
    .filter((record) => record.family === family && record.itemId === itemId)
    .filter((record) => new Date(record.expiresAt).getTime() > now)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** Revokes one of the item's links; null when the item has no such link. */
export async function revokeLink(
  deps: Deps,
  family: string,
  itemId: string,
  linkId: string,
): Promise<PreviewLinkRecord | null> {
  const record = (await deps.repository.get(PREVIEW_LINKS, linkId)) as PreviewLinkRecord | null;
  if (!record || record.family !== family || record.itemId !== itemId) return null;
  await deps.repository.delete(PREVIEW_LINKS, linkId);
  return record;
}
