/**
 * Scheduled publishing (issue 24.3) on both real stores, with the harness's controllable clock and a real HTTP
 * build hook: an item scheduled two minutes ahead is hidden from the public API, is public from its time even
 * before the scheduler runs, is published by the scheduler (one revision, one audit entry, no rebuild, however
 * many runs overlap), and leaves on time; bad times are refused with clear messages; the Scheduled
 * routes list and cancel.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULE_REASONS } from '../../src/lib/api-messages.ts';
import { contentFamilies } from '../../src/lib/collections.ts';
import { AUDIT_PATH, type AuditEntry } from '../../src/lib/identity.ts';
import {
  SCHEDULED_PATH,
  scheduledChangePath,
  scheduledItemPath,
  type ScheduledEntry,
} from '../../src/lib/schedule.ts';
import { SCHEDULE } from '../../src/lib/staff-messages.ts';
import { runScheduledPublishing, SCHEDULER_LEASE } from '../../src/server/schedule/scheduled-publishing.ts';
import { STORE_BACKENDS, startApiOn, type Api } from './api-harness.ts';

const MINUTE = 60_000;
const WINDOW_MS = 300;
const family = contentFamilies.homeCourse;
/** 09:58 IST on 26 November 2026. */
const START = new Date('2026-11-26T04:28:00.000Z');

interface Hook {
  url: string;
  builds: number;
  close(): Promise<void>;
}

async function startHook(): Promise<Hook> {
  const hook: Hook = { url: '', builds: 0, close: async () => {} };
  const server = createServer((req, res) => {
    if (req.method === 'POST') hook.builds += 1;
    req.resume();
    res.writeHead(200).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hook.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/build_hooks/schedule`;
  hook.close = () => new Promise((resolve) => server.close(() => resolve()));
  return hook;
}

type Item = Record<string, unknown> & { _id: string; title: string };
const dataOf = async <T>(response: Response) => ((await response.json()) as { data: T }).data;
const at = (api: Api, ms: number) => new Date(api.clock.now.getTime() + ms).toISOString();

async function publicTitles(api: Api): Promise<string[]> {
  const response = await api.call(family.path);
  expect(response.status).toBe(200);
  return (await dataOf<Item[]>(response)).map((item) => item.title);
}

async function auditOf(api: Api, action: string): Promise<AuditEntry[]> {
  const response = await api.admin(`${AUDIT_PATH}?action=${action}&limit=100`);
  expect(response.status).toBe(200);
  return dataOf<AuditEntry[]>(response);
}

async function schedulerRevisions(api: Api, id: string): Promise<number> {
  const revisions = await dataOf<{ savedBy: string | null }[]>(
    await api.admin(`${family.path}/${id}/revisions`),
  );
  return revisions.filter((revision) => revision.savedBy === SCHEDULE.actorName).length;
}

describe.each(STORE_BACKENDS)('scheduled publishing on %s', (backend) => {
  let hook: Hook;
  let api: Api;
  let stop: () => Promise<void> = async () => {};

  beforeAll(async () => {
    hook = await startHook();
    ({ api, stop } = await startApiOn(backend, 'schedule', {
      env: { BUILD_HOOK_URL: hook.url },
    }));
    api.clock.now = START;
  });
  afterAll(async () => {
    await stop();
    await hook.close();
  });

  it('hides an item scheduled two minutes ahead, shows it from its time, publishes it once, and unpublishes it on time', async () => {
    const created = await api.admin(family.path, {
      method: 'POST',
      json: {
        title: 'Early bird',
        description: 'Starts at ten',
        publishAt: at(api, 2 * MINUTE),
        unpublishAt: at(api, 10 * MINUTE),
      },
    });
    expect(created.status).toBe(201);
    const item = await dataOf<Item>(created);
    // Scheduled, not live: stored as a draft with its times in UTC.
    expect(item).toMatchObject({
      published: false,
      publishAt: '2026-11-26T04:30:00.000Z',
      unpublishAt: '2026-11-26T04:38:00.000Z',
    });
    const other = await dataOf<Item>(
      await api.admin(family.path, {
        method: 'POST',
        // IST wall-clock time, as the admin's date-time input sends it: 10:00 IST.
        json: { title: 'Second course', description: 'Also at ten', publishAt: '2026-11-26T10:00' },
      }),
    );
    expect(other.publishAt).toBe('2026-11-26T04:30:00.000Z');

    // Before its time: not in the public list, no public item, and the CDN may keep the answer only till then.
    const list = await api.call(family.path);
    expect((await dataOf<Item[]>(list)).map((entry) => entry.title)).not.toContain('Early bird');
    expect(list.headers.get('Netlify-CDN-Cache-Control')).toBe('public, durable, s-maxage=120');
    expect((await api.call(`${family.path}/${item._id}`)).status).toBe(404);
    expect((await runScheduledPublishing(api.deps)).changes).toEqual([]);

    // At its time the public API shows it, before any scheduler run, without staff's schedule.
    api.clock.advance(2 * MINUTE);
    expect(await publicTitles(api)).toEqual(expect.arrayContaining(['Early bird', 'Second course']));
    const shown = await dataOf<Item>(await api.call(`${family.path}/${item._id}`));
    expect(shown.published).toBe(true);
    expect(shown).not.toHaveProperty('publishAt');
    expect(shown).not.toHaveProperty('unpublishAt');

    // Two runs at once make each change once: one revision, one audit entry each, and no rebuild (the pages render
    // on demand and the run purges their tags: decisions §69).
    await sleep(WINDOW_MS + 100);
    const builds = hook.builds;
    const runs = await Promise.all([runScheduledPublishing(api.deps), runScheduledPublishing(api.deps)]);
    expect(
      runs
        .flatMap((run) => run.changes)
        .map((change) => change.id)
        .sort(),
    ).toEqual([item._id, other._id].sort());
    expect(hook.builds).toBe(builds);
    const stored = await api.repository.get(family.key, item._id);
    expect(stored).toMatchObject({ published: true, unpublishAt: '2026-11-26T04:38:00.000Z' });
    expect(stored).not.toHaveProperty('publishAt');
    expect(await schedulerRevisions(api, item._id)).toBe(1);
    const published = await auditOf(api, 'scheduled-publish');
    expect(published.filter((entry) => entry.target.id === item._id)).toMatchObject([
      { actor: 'scheduler', target: { family: family.key, title: 'Early bird' } },
    ]);
    // A later run finds nothing due.
    expect((await runScheduledPublishing(api.deps)).changes).toEqual([]);

    // Its unpublish time: gone from the public API at once, then unpublished by the scheduler.
    api.clock.advance(8 * MINUTE);
    expect(await publicTitles(api)).not.toContain('Early bird');
    expect((await api.call(`${family.path}/${item._id}`)).status).toBe(404);
    const run = await runScheduledPublishing(api.deps);
    expect(run.changes).toEqual([{ family: family.key, id: item._id, change: 'unpublish' }]);
    const after = await api.repository.get(family.key, item._id);
    expect(after?.published).toBe(false);
    expect(after).not.toHaveProperty('unpublishAt');
    expect(await auditOf(api, 'scheduled-unpublish')).toHaveLength(1);
    expect(await publicTitles(api)).toContain('Second course');
  });

  it("stamps an article's first-published date with its scheduled time, not the run's", async () => {
    const articles = contentFamilies.article;
    const article = await dataOf<Item>(
      await api.admin(articles.path, {
        method: 'POST',
        json: {
          title: 'Announcing the January batch',
          summary: 'Dates, fees and seats.',
          body: '## When\n\nJanuary.',
          authorName: 'DeltaSecure team',
          publishAt: at(api, 2 * MINUTE),
        },
      }),
    );
    expect(article).toMatchObject({ published: false });
    expect(article.publishedOn ?? '').toBe('');
    const scheduledFor = article.publishAt;
    // The run comes three minutes after the time (a 5-minute schedule): the date is still the scheduled one.
    api.clock.advance(5 * MINUTE);
    const run = await runScheduledPublishing(api.deps);
    expect(run.changes).toContainEqual({ family: articles.key, id: article._id, change: 'publish' });
    const stored = await api.repository.get(articles.key, article._id);
    expect(stored).toMatchObject({ published: true, publishedOn: scheduledFor });
  });

  it('never writes a change twice, even when a run outlives its lease (compare-and-swap on the version)', async () => {
    const item = await dataOf<Item>(
      await api.admin(family.path, {
        method: 'POST',
        json: { title: 'Lease lost', description: 'D', publishAt: at(api, MINUTE) },
      }),
    );
    api.clock.advance(MINUTE);
    // Both runs think they hold the lease: only the version check stands between them.
    const leaseless = {
      ...api.deps,
      coordination: {
        ...api.deps.coordination,
        acquireLease: async () => true,
        releaseLease: async () => {},
      },
    };
    const runs = await Promise.all([
      runScheduledPublishing(leaseless),
      runScheduledPublishing(leaseless),
      runScheduledPublishing(leaseless),
    ]);
    expect(runs.flatMap((run) => run.changes).filter((change) => change.id === item._id)).toHaveLength(1);
    expect(await schedulerRevisions(api, item._id)).toBe(1);
    expect(
      (await auditOf(api, 'scheduled-publish')).filter((entry) => entry.target.id === item._id),
    ).toHaveLength(1);
    // And a run that finds the lease held does nothing at all.
    expect(await api.coordination.acquireLease(SCHEDULER_LEASE, MINUTE)).toBe(true);
    expect(await runScheduledPublishing(api.deps)).toEqual({ ran: false, changes: [] });
    await api.coordination.releaseLease(SCHEDULER_LEASE);
  });

  it('refuses times that cannot be, with clear messages, and stores nothing', async () => {
    const before = (await api.repository.list(family.key)).length;
    const backwards = await api.admin(family.path, {
      method: 'POST',
      json: {
        title: 'Backwards',
        description: 'D',
        publishAt: at(api, 2 * MINUTE),
        unpublishAt: at(api, MINUTE),
      },
    });
    expect(backwards.status).toBe(400);
    expect(await backwards.json()).toMatchObject({
      errors: { unpublishAt: SCHEDULE_REASONS.unpublishBeforePublish },
    });
    const garbled = await api.admin(family.path, {
      method: 'POST',
      json: { title: 'Garbled', description: 'D', publishAt: 'next Tuesday' },
    });
    expect(garbled.status).toBe(400);
    expect(((await garbled.json()) as { errors: Record<string, string> }).errors.publishAt).toBe(
      `${SCHEDULE.publishAt} must be a date and time, such as 2026-03-14 09:30`,
    );
    expect(await api.repository.list(family.key)).toHaveLength(before);

    // An update is checked against what is stored: an unpublish time before the stored publish time is refused.
    const item = await dataOf<Item>(
      await api.admin(family.path, {
        method: 'POST',
        json: { title: 'Stored', description: 'D', publishAt: at(api, 5 * MINUTE) },
      }),
    );
    const update = await api.admin(`${family.path}/${item._id}`, {
      method: 'PUT',
      json: { title: 'Stored', description: 'D', unpublishAt: at(api, MINUTE) },
    });
    expect(update.status).toBe(400);
    expect((await api.repository.get(family.key, item._id))?.unpublishAt).toBeUndefined();
  });

  it('checks a scheduled publish as a publish when it is set: nobody is there to read a refusal at its time', async () => {
    const courses = contentFamilies.course;
    const before = (await api.repository.list(courses.key)).length;
    const refused = await api.admin(courses.path, {
      method: 'POST',
      json: {
        title: 'Scheduled but bare',
        published: false,
        duration: '5 weeks',
        publishAt: at(api, MINUTE),
      },
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { errors: Record<string, string> }).errors).toHaveProperty('syllabus');
    expect(await api.repository.list(courses.key)).toHaveLength(before);
  });

  it('lists what is scheduled across families, earliest first, and cancels one (audited; the item stays as it is)', async () => {
    const later = await dataOf<Item>(
      await api.admin(family.path, {
        method: 'POST',
        json: { title: 'Later course', description: 'D', publishAt: at(api, 60 * MINUTE) },
      }),
    );
    const career = contentFamilies.career;
    const careerItem = await api.repository.create(career.key, {
      title: 'Analyst',
      published: true,
      unpublishAt: at(api, 30 * MINUTE),
    });
    const entries = await dataOf<ScheduledEntry[]>(await api.admin(SCHEDULED_PATH));
    const mine = entries.filter((entry) => [later._id, careerItem._id].includes(entry.id));
    expect(mine).toEqual([
      expect.objectContaining({
        family: career.key,
        id: careerItem._id,
        change: 'unpublish',
        title: 'Analyst',
        published: true,
      }),
      expect.objectContaining({
        family: family.key,
        id: later._id,
        change: 'publish',
        title: 'Later course',
        published: false,
      }),
    ]);
    const times = entries.map((entry) => Date.parse(entry.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));

    const cancelled = await api.admin(scheduledChangePath(family.key, later._id, 'publish'), {
      method: 'DELETE',
    });
    expect(cancelled.status).toBe(200);
    const stored = await api.repository.get(family.key, later._id);
    expect(stored).not.toHaveProperty('publishAt');
    expect(stored?.published).toBe(false);
    expect(await auditOf(api, 'schedule-cancel')).toMatchObject([
      { target: { family: family.key, id: later._id, title: 'Later course' }, detail: { change: 'publish' } },
    ]);
    const again = await api.admin(scheduledChangePath(family.key, later._id, 'publish'), {
      method: 'DELETE',
    });
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ message: SCHEDULE_REASONS.nothingScheduled });
    const unknown = await api.admin(`${scheduledItemPath(career.key, careerItem._id)}?change=later`, {
      method: 'DELETE',
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ message: SCHEDULE_REASONS.unknownChange });
    // Signed out: refused, nothing changed.
    const anonymous = await api.call(scheduledChangePath(career.key, careerItem._id, 'unpublish'), {
      method: 'DELETE',
    });
    expect(anonymous.status).toBe(401);
    expect((await api.repository.get(career.key, careerItem._id))?.unpublishAt).toBeDefined();
  });

  it('publishes a scheduled draft now from the publish toggle, which clears its time', async () => {
    const item = await dataOf<Item>(
      await api.admin(family.path, {
        method: 'POST',
        json: { title: 'Toggle me', description: 'D', publishAt: at(api, 60 * MINUTE) },
      }),
    );
    const toggled = await api.admin(`${family.path}/${item._id}`, {
      method: 'PUT',
      json: { published: true },
    });
    expect(toggled.status).toBe(200);
    expect(await dataOf<Item>(toggled)).not.toHaveProperty('publishAt');
    expect(await publicTitles(api)).toContain('Toggle me');
  });
});
