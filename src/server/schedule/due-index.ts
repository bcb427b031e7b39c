/**
 * The due-time index the schedulers read instead of the stored items: every write that makes something due later
 * (a scheduled publish or unpublish, a notification or certificate e-mail to retry, a request's retention expiry,
 * a trash entry's purge) enters its item in a Coordination due-time index at that time, so a tick asks one
 * question, "what is due now?", and reads only the items it names. An idle tick therefore costs one store command
 * however many certificates and requests are stored.
 *
 * The index follows the writes through `withDueIndex`, a Repository that passes every call to the store's own and
 * brings the index in line after each item write; a write that changes no due time costs nothing more. An entry
 * that no longer matches its item (the item was deleted, or its time changed outside this path) is harmless: the
 * tick that meets it reads the item, finds nothing due, and moves or removes the entry (`resync`).
 */
import { contentFamilies } from '../../lib/collections.ts';
import { DAY_MS, TRASH_RETENTION_DAYS } from '../../lib/constants.ts';
import type { OutboxEntry } from '../../lib/enquiries.ts';
import { isRecord } from '../../lib/json.ts';
import { isRequestFamilyKey } from '../../families/index.ts';
import { PUBLISH_AT, UNPUBLISH_AT, timeOf } from '../../lib/schedule.ts';
import type { Coordination, DueEntry, Repository, StoredItem } from '../repository/port.ts';

/** The indexes, one per scheduler: each tick reads only its own. */
export const DUE_QUEUES = {
  /** The every-minute tick: notification and certificate e-mail retries, request retention. */
  everyMinute: 'every-minute',
  /** The scheduled-publishing tick. */
  publishing: 'publishing',
  /** The daily purge: trash entries past their keeping time. */
  daily: 'daily',
} as const;

/** What an item can be due for while it is live (a trash entry's purge is indexed by the trash move). */
export const LIVE_DUE_KINDS = ['publish', 'outbox', 'certificate-mail', 'retention'] as const;
export type LiveDueKind = (typeof LIVE_DUE_KINDS)[number];
export type DueKind = LiveDueKind | 'trash';

const QUEUE_OF: Record<DueKind, string> = {
  publish: DUE_QUEUES.publishing,
  outbox: DUE_QUEUES.everyMinute,
  'certificate-mail': DUE_QUEUES.everyMinute,
  retention: DUE_QUEUES.everyMinute,
  trash: DUE_QUEUES.daily,
};

/** How many due members one tick takes on; the rest are the next tick's. */
export const DUE_BATCH = 100;

/** What the rules need from the environment. */
export interface DueRules {
  /** REQUEST_RETENTION_DAYS. */
  retentionDays: number;
}

export interface DueMember {
  kind: DueKind;
  collection: string;
  id: string;
}

/** `{kind}/{collection}/{id}`: neither a family key nor an id holds a '/'. */
export const dueMemberOf = (kind: DueKind, collection: string, id: string) => `${kind}/${collection}/${id}`;

export function parseDueMember(member: string): DueMember | null {
  const [kind, collection, id, ...rest] = member.split('/');
  if (!kind || !collection || !id || rest.length > 0) return null;
  if (kind !== 'trash' && !(LIVE_DUE_KINDS as readonly string[]).includes(kind)) return null;
  return { kind: kind as DueKind, collection, id };
}

const earliest = (times: readonly (number | null)[]): number | undefined => {
  const known = times.filter((time): time is number => time !== null);
  return known.length > 0 ? Math.min(...known) : undefined;
};

const pendingAt = (entry: unknown): number | null =>
  isRecord(entry) && entry.state === 'pending' ? timeOf((entry as Partial<OutboxEntry>).nextAttemptAt) : null;

/** When the item is next due for each kind (absent: not due for it at all). */
export function dueTimesOf(
  collection: string,
  item: StoredItem,
  rules: DueRules,
): Partial<Record<LiveDueKind, number>> {
  const times: Partial<Record<LiveDueKind, number>> = {};
  const publish = earliest([timeOf(item[PUBLISH_AT]), timeOf(item[UNPUBLISH_AT])]);
  if (publish !== undefined) times.publish = publish;
  if (isRequestFamilyKey(collection)) {
    const outbox = isRecord(item.outbox) ? earliest(Object.values(item.outbox).map(pendingAt)) : undefined;
    if (outbox !== undefined) times.outbox = outbox;
    const received = timeOf(item.createdAt);
    if (received !== null) {
      // A tax record left by an erased paid enrolment goes once its own keeping period is over.
      const taxRecord = isRecord(item.taxRecord) ? timeOf(item.taxRecord.keepUntil) : null;
      times.retention = Math.max(received + rules.retentionDays * DAY_MS, taxRecord ?? 0);
    }
  }
  if (collection === contentFamilies.certificate.key) {
    const mail = pendingAt(item.mail);
    if (mail !== null) times['certificate-mail'] = mail;
  }
  return times;
}

/** When a trash entry's keeping time is over. */
export const trashDueAt = (deletedAt: string) => Date.parse(deletedAt) + TRASH_RETENTION_DAYS * DAY_MS;

/**
 * Brings the index in line with an item as written: a time that changed is entered, one that went is taken out,
 * one that stayed costs nothing. Without `previous` (a put, a restore) every time the item has is entered.
 */
export async function followItem(
  coordination: Coordination,
  rules: DueRules,
  collection: string,
  item: StoredItem,
  previous: StoredItem | null,
): Promise<void> {
  const now = dueTimesOf(collection, item, rules);
  const before = previous ? dueTimesOf(collection, previous, rules) : {};
  await Promise.all(
    LIVE_DUE_KINDS.map(async (kind) => {
      const member = dueMemberOf(kind, collection, item._id);
      const at = now[kind];
      if (at !== undefined && at !== before[kind]) await coordination.schedule(QUEUE_OF[kind], member, at);
      else if (at === undefined && before[kind] !== undefined)
        await coordination.unschedule(QUEUE_OF[kind], member);
    }),
  );
}

/**
 * A due member's item has nothing due for its kind now (an entry left behind, or one the item outgrew): the
 * entry moves to the item's real time, or goes. Answers whether the item is due now after all.
 */
export async function resync(
  coordination: Coordination,
  rules: DueRules,
  member: DueMember,
  item: StoredItem | null,
  nowMs: number,
): Promise<boolean> {
  if (member.kind === 'trash') throw new Error('A trash entry is looked up in the trash');
  const queue = QUEUE_OF[member.kind];
  const name = dueMemberOf(member.kind, member.collection, member.id);
  const at = item ? dueTimesOf(member.collection, item, rules)[member.kind] : undefined;
  if (at === undefined) await coordination.unschedule(queue, name);
  else if (at > nowMs) await coordination.schedule(queue, name, at);
  return at !== undefined && at <= nowMs;
}

/** The due members of one queue, parsed (an unreadable member is dropped from the index). */
export async function dueMembers(
  coordination: Coordination,
  queue: string,
  nowMs: number,
  limit = DUE_BATCH,
): Promise<DueMember[]> {
  const entries: DueEntry[] = await coordination.due(queue, nowMs, limit);
  const members: DueMember[] = [];
  for (const entry of entries) {
    const member = parseDueMember(entry.member);
    if (member) members.push(member);
    else await coordination.unschedule(queue, entry.member);
  }
  return members;
}

/** Takes a member out of its index: its work is done, or its item is gone. */
export const doneWith = (coordination: Coordination, member: DueMember) =>
  coordination.unschedule(QUEUE_OF[member.kind], dueMemberOf(member.kind, member.collection, member.id));

/**
 * The store's repository with the index kept in step: every item write (create, update, put, trash restore) and
 * every trash move enters what it made due. Every other call is the store's own.
 */
export function withDueIndex(
  repository: Repository,
  coordination: Coordination,
  rules: DueRules,
): Repository {
  return {
    ...repository,
    async create(collection, fields) {
      const item = await repository.create(collection, fields);
      await followItem(coordination, rules, collection, item, null);
      return item;
    },
    async update(collection, id, fields, options) {
      const result = await repository.update(collection, id, fields, options);
      if (result) await followItem(coordination, rules, collection, result.item, result.previous);
      return result;
    },
    async put(collection, item, options) {
      await repository.put(collection, item, options);
      await followItem(coordination, rules, collection, item, null);
    },
    async trash(collection, id, deletedAt) {
      const entry = await repository.trash(collection, id, deletedAt);
      if (entry)
        await coordination.schedule(
          DUE_QUEUES.daily,
          dueMemberOf('trash', collection, id),
          trashDueAt(deletedAt),
        );
      return entry;
    },
    async restoreFromTrash(collection, id) {
      const item = await repository.restoreFromTrash(collection, id);
      if (item) await followItem(coordination, rules, collection, item, null);
      return item;
    },
  };
}

/**
 * Enters every stored item's due times and every trash entry's purge: the last step of a restore, which writes
 * with the store's own repository. Reads every collection once, as the restore itself does.
 */
export async function rebuildDueIndex(
  repository: Repository,
  coordination: Coordination,
  rules: DueRules,
  collections: readonly string[],
): Promise<number> {
  let entered = 0;
  for (const collection of collections) {
    for (const item of await repository.list(collection)) {
      const times = dueTimesOf(collection, item, rules);
      for (const kind of LIVE_DUE_KINDS) {
        const at = times[kind];
        if (at === undefined) continue;
        await coordination.schedule(QUEUE_OF[kind], dueMemberOf(kind, collection, item._id), at);
        entered += 1;
      }
    }
  }
  for (const entry of await repository.listTrash()) {
    await coordination.schedule(
      DUE_QUEUES.daily,
      dueMemberOf('trash', entry.collection, entry.item._id),
      trashDueAt(entry.deletedAt),
    );
    entered += 1;
  }
  return entered;
}
