/**
 * The deploy governor (issue 26) on both real stores, against a real HTTP build hook. A content edit asks for no
 * deploy at all and is live at once (the pages render on demand, decisions §69), whatever the budget; what still
 * asks for a build goes through the governor: requests coalesce while the month is within its budget's pace, a
 * tight month's wait in the queue for the publish window (the scheduler driven with the test clock), "publish now"
 * spends one deploy, and a spent budget starts no deploy at all while owners are told and live data stays live.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/lib/api-messages.ts';
import { contentFamilies, statsFamily } from '../../src/lib/collections.ts';
import { AUDIT_PATH } from '../../src/lib/identity.ts';
import { PUBLISH_NOW_PATH, PUBLISHING_PATH, type PublishingStatus } from '../../src/lib/publishing.ts';
import { REBUILD_LEASE } from '../../src/server/rebuild/rebuild-trigger.ts';
import { runScheduledRebuild } from '../../src/server/rebuild/scheduled.ts';
import { STORE_BACKENDS, startApiOn, type Api } from './api-harness.ts';

const WINDOW_MS = 1_500;
/** 10:00 IST on 10 November 2026: day 10 of 30, so a budget of 6 allows ceil(6 × 10 / 30) = 2 deploys by tonight. */
const TEN_NOV_10_IST = new Date('2026-11-10T04:30:00Z');
const ELEVEN_NOV_1759_IST = new Date('2026-11-11T12:29:00Z');
const ELEVEN_NOV_18_IST = '2026-11-11T12:30:00.000Z';

interface Hook {
  url: string;
  builds: number;
  close(): Promise<void>;
}

async function startHook(): Promise<Hook> {
  const hook: Hook = { url: '', builds: 0, close: async () => {} };
  const server = createServer((req, res) => {
    // The same server plays Netlify's purge API (a content edit purges the CDN); only the build hook counts.
    if (req.method === 'POST' && req.url?.startsWith('/build_hooks/')) hook.builds += 1;
    req.resume();
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hook.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/build_hooks/budget`;
  hook.close = () => new Promise((resolve) => server.close(() => resolve()));
  return hook;
}

const addCourse = (api: Api, n: number) =>
  api.admin(contentFamilies.homeCourse.path, {
    method: 'POST',
    json: { title: `Course ${n}`, description: 'D' },
  });

async function status(api: Api): Promise<PublishingStatus> {
  const response = await api.admin(PUBLISHING_PATH);
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: PublishingStatus }).data;
}

/**
 * Ends the coalescing window now, as waiting it out would: for a step that needs the last build's window over but
 * is not about the window (the first test still waits one out in real time before its follow-up).
 */
const windowOver = (api: Api) => api.coordination.releaseLease(REBUILD_LEASE);

const liveOf = async (response: Response) => ((await response.json()) as { live?: unknown }).live;

/** A content edit: live at once, no deploy; answers the item's id. */
async function edit(api: Api, n: number): Promise<string> {
  const response = await addCourse(api, n);
  expect(response.status).toBe(201);
  const body = (await response.json()) as { data: { _id: string }; live: unknown };
  expect(body.live).toEqual({ when: 'soon' });
  return body.data._id;
}

/** A build asked for about the item `id` (content edits no longer ask; the governor still paces what does). */
const askForBuild = (api: Api, id: string) =>
  api.deps.rebuild.request({ family: contentFamilies.homeCourse.key, id, byName: 'Owner' });

describe.each(STORE_BACKENDS)('deploy budget on %s', (backend) => {
  let hook: Hook;
  const stops: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    hook = await startHook();
  });
  afterAll(async () => {
    await Promise.all(stops.map((stop) => stop()));
    await hook.close();
  });

  async function start(env: Record<string, string>, at: Date): Promise<Api> {
    const { api, stop } = await startApiOn(backend, `budget${stops.length}`, {
      env: {
        BUILD_HOOK_URL: hook.url,
        REBUILD_WINDOW_MS: String(WINDOW_MS),
        // Behind a CDN the product purges, as on Netlify: a write's answer says when it is live.
        NETLIFY_PURGE_API_TOKEN: 'purge-token',
        NETLIFY_PURGE_API_URL: new URL(hook.url).origin,
        SITE_ID: 'site-1',
        ...env,
      },
    });
    stops.push(stop);
    api.clock.now = at;
    return api;
  }

  it('coalesces edits within the pace, then gathers them for the publish window, which sends them', async () => {
    const api = await start({ DEPLOY_BUDGET_PER_MONTH: '6' }, TEN_NOV_10_IST);
    const before = hook.builds;

    const first = await addCourse(api, 1);
    expect(first.status).toBe(201);
    const body = (await first.json()) as {
      success: boolean;
      data: { _id: string; title: string };
      live: unknown;
    };
    // The spec's envelope is unchanged; `live` is beside it.
    expect(body).toMatchObject({ success: true, data: { title: 'Course 1' }, live: { when: 'soon' } });
    const ids = [body.data._id];
    for (let n = 2; n <= 6; n++) ids.push(await edit(api, n));
    // Six edits, no deploy.
    expect(hook.builds).toBe(before);
    for (const id of ids.slice(0, 5)) await askForBuild(api, id);
    expect(hook.builds).toBe(before + 1);

    let now = await status(api);
    expect(now).toMatchObject({ enabled: true, policy: 'paced', budget: 6, used: 1, mode: 'live' });
    expect(now.estimatedCredits).toBe(15);
    // The four coalesced edits wait for the follow-up, each named with its item and who made it.
    expect(now.queued).toHaveLength(4);
    expect(now.queued[0]).toMatchObject({ family: 'homeCourse', title: 'Course 2' });
    expect(now.queued[0]?.byName).toBeTruthy();

    await sleep(WINDOW_MS + 100);
    expect(await runScheduledRebuild(api.deps)).toBe('built');
    expect(hook.builds).toBe(before + 2);
    now = await status(api);
    expect(now).toMatchObject({ used: 2, queued: [], lastDeploy: { reason: 'follow-up' } });

    // Two deploys are this day's share of six: the next build waits for tomorrow's window, while an edit is
    // still live at once.
    await windowOver(api);
    expect(await askForBuild(api, ids[5]!)).toBe('queued');
    expect(hook.builds).toBe(before + 2);
    now = await status(api);
    expect(now).toMatchObject({ mode: 'tight', live: { when: 'soon' } });
    expect(now.queued.map((change) => change.title)).toEqual(['Course 6']);

    // The scheduler ticks through the night and the next day: nothing goes before the window.
    expect(await runScheduledRebuild(api.deps)).toBe('idle');
    api.clock.now = ELEVEN_NOV_1759_IST;
    expect(await runScheduledRebuild(api.deps)).toBe('idle');
    expect(hook.builds).toBe(before + 2);

    api.clock.now = new Date(ELEVEN_NOV_18_IST);
    expect(await runScheduledRebuild(api.deps)).toBe('built');
    expect(hook.builds).toBe(before + 3);
    now = await status(api);
    expect(now).toMatchObject({
      used: 3,
      queued: [],
      lastDeploy: { reason: 'window', at: ELEVEN_NOV_18_IST },
    });
    await windowOver(api);
    expect(await runScheduledRebuild(api.deps)).toBe('idle');
    expect(hook.builds).toBe(before + 3);
  });

  it('publishes now for an owner, spending one deploy; an editor may only look', async () => {
    const api = await start({ DEPLOY_BUDGET_PER_MONTH: '6', PUBLISH_POLICY: 'daily' }, TEN_NOV_10_IST);
    const before = hook.builds;
    // Even under the daily policy an edit is live at once, and asks for no deploy.
    expect(await liveOf(await addCourse(api, 1))).toEqual({ when: 'soon' });
    expect(hook.builds).toBe(before);

    await api.account({ userId: 'ravi', name: 'Ravi', role: 'editor' });
    const editor = api.session('ravi');
    expect((await api.call(PUBLISHING_PATH, { session: editor })).status).toBe(200);
    expect((await api.call(PUBLISH_NOW_PATH, { method: 'POST', session: editor })).status).toBe(403);
    expect(hook.builds).toBe(before);

    const published = await api.admin(PUBLISH_NOW_PATH, { method: 'POST' });
    expect(published.status).toBe(200);
    const answer = (await published.json()) as { message: string; data: PublishingStatus };
    expect(answer.message).toBe(API.publishStarted);
    expect(answer.data).toMatchObject({
      used: 1,
      remaining: 5,
      queued: [],
      lastDeploy: { reason: 'publish-now' },
    });
    expect(hook.builds).toBe(before + 1);

    const log = (await (await api.admin(`${AUDIT_PATH}?action=publish-now`)).json()) as {
      data: { action: string }[];
    };
    expect(log.data.map((entry) => entry.action)).toEqual(['publish-now']);
  });

  it('starts no deploy past the budget: the change stays queued, owners are told, live data stays live', async () => {
    const api = await start({ DEPLOY_BUDGET_PER_MONTH: '2', PUBLISH_POLICY: 'live' }, TEN_NOV_10_IST);
    const before = hook.builds;
    for (let n = 1; n <= 2; n++) {
      expect(await askForBuild(api, await edit(api, n))).toBe('built');
      await windowOver(api);
    }
    expect(hook.builds).toBe(before + 2);

    // The edit itself is live at once; the build it names waits for next month's budget, which sends it as soon
    // as the month begins (the live policy has no window).
    expect(await askForBuild(api, await edit(api, 3))).toBe('queued');
    expect(await runScheduledRebuild(api.deps)).toBe('queued');
    expect(hook.builds).toBe(before + 2);

    const now = await status(api);
    expect(now).toMatchObject({ used: 2, remaining: 0, mode: 'budget-used', estimatedCredits: 30 });
    expect(now.queued.map((change) => change.title)).toEqual(['Course 3']);

    const publish = await api.admin(PUBLISH_NOW_PATH, { method: 'POST' });
    expect(publish.status).toBe(409);
    expect(((await publish.json()) as { message: string }).message).toBe(API.publishBudgetUsed(2));
    expect(hook.builds).toBe(before + 2);

    // What islands read from the API needs no deploy: the stats counter answers the new figure at once.
    expect((await api.admin(statsFamily.path, { method: 'PUT', json: { totalCourses: 42 } })).status).toBe(
      200,
    );
    const stats = (await (await api.call(statsFamily.path)).json()) as { data: { totalCourses: number } };
    expect(stats.data.totalCourses).toBe(42);
    expect(hook.builds).toBe(before + 2);

    // A new IST month starts from nothing: the queue goes out with its first tick.
    api.clock.now = new Date('2026-11-30T18:31:00Z');
    expect(await runScheduledRebuild(api.deps)).toBe('built');
    expect(hook.builds).toBe(before + 3);
    expect(await status(api)).toMatchObject({ month: '2026-12', used: 1, queued: [] });
  });
});
