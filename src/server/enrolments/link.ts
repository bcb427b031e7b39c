/**
 * The student's "Your enrolment" link: `/enrolment/{token}`, sent in the acknowledgement e-mail and shown on the
 * enrolment form's success screen. The token is signed, not stored: `{enrolment id}.{HMAC-SHA256}` under a key
 * derived from SESSION_SECRET for this one purpose, over the id and the enrolment's link generation
 * (`pageLinkGeneration`, absent = 0). Staff revoke every link of an enrolment by raising the generation, so no
 * list of links is kept; the expiry (a year after the batch ends) is read from the enrolment and its batch at each
 * visit, so a batch moved later keeps its students' links working until a year after its new end.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { contentFamilies } from '../../lib/collections.ts';
import { isRecord } from '../../lib/json.ts';
import type { Deps } from '../deps.ts';
import type { ServerEnv } from '../env.ts';
import { newId } from '../repository/ids.ts';
import type { StoredItem } from '../repository/port.ts';

export const ENROLMENT_PAGE_PATH = '/enrolment';
/** The stored counter a staff revoke raises: every link signed over an older value stops working. */
export const LINK_GENERATION_FIELD = 'pageLinkGeneration';
export { CERTIFICATE_FIELD, WITHDRAWN_FIELD } from '../../lib/enrolment-fields.ts';
/** A link works until this long after its batch's last day (or after the enrolment, without a batch). */
export const LINK_DAYS_AFTER_BATCH = 365;
const TOKEN = /^([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{43})$/;

const keyOf = (secret: string) => createHmac('sha256', secret).update('enrolment-link-v1').digest();
const macOf = (secret: string, id: string, generation: number) =>
  createHmac('sha256', keyOf(secret)).update(`${id}.${generation}`).digest('base64url');

export const generationOf = (enrolment: Readonly<Record<string, unknown>>) => {
  const value = enrolment[LINK_GENERATION_FIELD];
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : 0;
};

/** The token of an enrolment's current link; null when no secret is set (then no link anywhere). */
export function enrolmentToken(env: Pick<ServerEnv, 'SESSION_SECRET'>, enrolment: StoredItem): string | null {
  if (!env.SESSION_SECRET) return null;
  return `${enrolment._id}.${macOf(env.SESSION_SECRET, enrolment._id, generationOf(enrolment))}`;
}

/** The page's path (relative: the success screen's answer) for an enrolment, or null without a secret. */
export function enrolmentPath(env: Pick<ServerEnv, 'SESSION_SECRET'>, enrolment: StoredItem): string | null {
  const token = enrolmentToken(env, enrolment);
  return token ? `${ENROLMENT_PAGE_PATH}/${token}` : null;
}

/** A link of the same shape for a bot's answer, so the answer does not tell it was spotted; it opens nothing. */
export function decoyPagePath(env: Pick<ServerEnv, 'SESSION_SECRET'>): string | null {
  if (!env.SESSION_SECRET) return null;
  return `${ENROLMENT_PAGE_PATH}/${newId()}.${randomBytes(32).toString('base64url')}`;
}

/** The page's full address (e-mail, privacy export), or null without a secret or a known site origin. */
export function enrolmentUrl(deps: Pick<Deps, 'env'>, enrolment: StoredItem): string | null {
  const path = enrolmentPath(deps.env, enrolment);
  return path && deps.env.siteOrigin ? `${deps.env.siteOrigin}${path}` : null;
}

export type LinkCheck =
  | { ok: true; enrolment: StoredItem; batch: StoredItem | null }
  | { ok: false; reason: 'invalid' | 'expired' };

/** The day a link stops working: a year after the batch's end, else a year after the enrolment was made. */
export function linkExpiresAt(enrolment: StoredItem, batch: StoredItem | null): number {
  const end = typeof batch?.endDate === 'string' ? Date.parse(batch.endDate) : Number.NaN;
  const from = Number.isFinite(end) ? end : Date.parse(enrolment.createdAt);
  return from + LINK_DAYS_AFTER_BATCH * 86_400_000;
}

/**
 * What a token opens: its enrolment (and batch) when the MAC holds for the enrolment's current generation, the
 * enrolment still holds the person (an erased one's tax record opens nothing) and the link has not expired.
 * Every failure but expiry reads the same, so a probe learns nothing of which ids exist.
 */
export async function openEnrolmentLink(deps: Deps, token: string): Promise<LinkCheck> {
  const match = TOKEN.exec(token);
  const secret = deps.env.SESSION_SECRET;
  if (!match || !secret) return { ok: false, reason: 'invalid' };
  const [, id = '', mac = ''] = match;
  const enrolment = await deps.repository.get('enroll', id);
  if (!enrolment || isRecord(enrolment.taxRecord)) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(macOf(secret, id, generationOf(enrolment)));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return { ok: false, reason: 'invalid' };
  const batch =
    typeof enrolment.batch === 'string'
      ? await deps.repository.get(contentFamilies.batch.key, enrolment.batch)
      : null;
  if (linkExpiresAt(enrolment, batch) < deps.now().getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, enrolment, batch };
}
