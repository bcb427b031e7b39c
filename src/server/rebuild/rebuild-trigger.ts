/**
 * Coalesced rebuilds: the first write in a window calls the build hook at once (holding the 'rebuild' lease
 * for the window); later writes only raise the 'rebuild-pending' flag, and the scheduled function sends one
 * follow-up build once the window is over. A burst of edits therefore costs at most two builds, across every
 * function instance, because lease and flag live in the shared store.
 *
 * Every build is a production deploy, and Netlify's Free plan pauses the site when a month's credits run out
 * (issue 26): with a governor, each build is first counted against the month's deploy budget, and a change the
 * publish policy does not let deploy now waits in the publish queue for the daily publish window (the
 * scheduler's tick sends it) or, once the budget is spent, for next month or an owner's "publish now".
 *
 * No change is dropped on the way: a build hook that fails, or a store call that fails after the follow-up took
 * the flag (a Blobs call timing out on a busy machine), leaves the flag raised, so the next tick past the window
 * tries again instead of leaving the site stale until the next edit.
 */
import type { Coordination } from '../repository/port.ts';
import type { DeployGovernor, DeployReason, QueuedChange } from './deploy-governor.ts';
import { mayDeploy, windowOf } from './publish-policy.ts';

export const REBUILD_LEASE = 'rebuild';
export const REBUILD_PENDING_FLAG = 'rebuild-pending';
/** Raised when a change joins the publish queue: the tick reads the queue only when it is up. */
export const PUBLISH_QUEUED_FLAG = 'publish-queued';
/** A build hook answers in well under a second; never hold a write's response longer than this. */
const HOOK_TIMEOUT_MS = 5_000;

/**
 * `queued`: the change waits for a publish window or for the budget (governed triggers only); `refused`: publish
 * now with the month's budget spent.
 */
export type RebuildOutcome = 'built' | 'deferred' | 'queued' | 'idle' | 'skipped' | 'failed' | 'refused';

export type ChangeSource = Omit<QueuedChange, 'at'>;

export interface RebuildTrigger {
  /** After a write: build now if the policy and window allow, else leave it to the scheduler. */
  request(change?: ChangeSource): Promise<RebuildOutcome>;
  /** The scheduler's tick: the coalesced follow-up once the window is free, and the queue at its window. */
  followUp(): Promise<RebuildOutcome>;
  /*
   * The rest is createRebuildTrigger's; optional so a test's stand-in trigger (two functions) still is one.
   */
  /** An owner's "publish now": one deploy at once if the budget has one left, whatever the policy. */
  publishNow?(byName: string): Promise<RebuildOutcome>;
  /** Present when deploys are counted against a budget. */
  readonly governor?: DeployGovernor | null;
  /** Whether builds are triggered at all (a build hook is set). */
  readonly enabled?: boolean;
}

export interface RebuildTriggerOptions {
  coordination: Coordination;
  hookUrl: string | undefined;
  windowMs: number;
  governor?: DeployGovernor;
  fetch?: typeof globalThis.fetch;
  warn?: (message: string) => void;
}

export function createRebuildTrigger(options: RebuildTriggerOptions): RebuildTrigger {
  const { coordination, hookUrl, windowMs } = options;
  const governor = options.governor ?? null;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const warn = options.warn ?? ((message: string) => console.warn(`[rebuild] ${message}`));

  async function callHook(url: string): Promise<RebuildOutcome> {
    try {
      const response = await fetchImpl(url, { method: 'POST', signal: AbortSignal.timeout(HOOK_TIMEOUT_MS) });
      await response.body?.cancel();
      if (response.ok) return 'built';
      warn(`build hook answered ${response.status}`);
    } catch (error) {
      warn(`build hook failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    return 'failed';
  }

  /**
   * One governed deploy: counted first (never past the budget), then the hook; the queue entries listed before
   * the call are in the build, so they leave the queue once it started.
   */
  async function deploy(url: string, reason: DeployReason, byName?: string): Promise<RebuildOutcome> {
    if (!governor) return callHook(url);
    const carried = await governor.queued();
    if (!(await governor.spend())) return 'refused';
    const outcome = await callHook(url);
    if (outcome === 'built') {
      await governor.recordDeploy(reason, byName);
      await governor.clear(carried.map((change) => change._id));
    }
    return outcome;
  }

  /**
   * Records a change waiting for a deploy. `forWindow`: the policy holds it for a publish window, so the tick must
   * look at the queue; a change coalesced behind the lease waits for the follow-up instead, which raises the
   * queue's flag itself if the policy then holds it back (one store write less on each write of a burst).
   */
  async function enqueue(change: ChangeSource | undefined, forWindow = true) {
    if (!governor) return;
    await governor.enqueue(change ?? { family: 'site' });
    if (forWindow) await coordination.raiseFlag(PUBLISH_QUEUED_FLAG);
  }

  const allowed = async (kind: 'edit' | 'window') =>
    !governor || mayDeploy(governor.config, governor.now().getTime(), await governor.spent(), kind);

  return {
    governor,
    enabled: Boolean(hookUrl),
    async request(change) {
      if (!hookUrl) return 'skipped';
      try {
        return await requestBuild(hookUrl, change);
      } catch (error) {
        // A store call failed midway (the lease may be taken): the follow-up sends the build after the window.
        await coordination.raiseFlag(REBUILD_PENDING_FLAG).catch(() => undefined);
        throw error;
      }
    },
    async followUp() {
      if (!hookUrl) return 'skipped';
      const pending = await coordination.takeFlag(REBUILD_PENDING_FLAG);
      try {
        return await followUpTaken(hookUrl, pending);
      } catch (error) {
        // The flag was taken but the build not sent: it goes back up for the next tick.
        if (pending) await coordination.raiseFlag(REBUILD_PENDING_FLAG);
        throw error;
      }
    },
    async publishNow(byName) {
      if (!hookUrl) return 'skipped';
      const outcome = await deploy(hookUrl, 'publish-now', byName);
      // The deploy carries whatever a follow-up would have sent.
      if (outcome === 'built') await coordination.takeFlag(REBUILD_PENDING_FLAG);
      return outcome;
    },
  };

  /** A write's request for a build, by the policy and the lease. */
  async function requestBuild(hookUrl: string, change: ChangeSource | undefined): Promise<RebuildOutcome> {
    // Every write of a burst asks: the policy's answer and the lease are read side by side, and a deferred
    // change's two writes go together, so a governed write costs the round trips an ungoverned one did.
    const [may, leased] = await Promise.all([
      allowed('edit'),
      coordination.acquireLease(REBUILD_LEASE, windowMs),
    ]);
    if (!may) {
      if (leased) await coordination.releaseLease(REBUILD_LEASE);
      await enqueue(change);
      return 'queued';
    }
    if (leased) {
      const outcome = await deploy(hookUrl, 'edit', change?.byName);
      // The hook did not take it: the follow-up sends it once the window is over.
      if (outcome === 'failed') await coordination.raiseFlag(REBUILD_PENDING_FLAG);
      if (outcome !== 'refused') return outcome;
      await enqueue(change);
      return 'queued';
    }
    await Promise.all([coordination.raiseFlag(REBUILD_PENDING_FLAG), enqueue(change, false)]);
    return 'deferred';
  }

  /** The tick once the pending flag was taken (`pending`) or found down. */
  async function followUpTaken(hookUrl: string, pending: boolean): Promise<RebuildOutcome> {
    if (pending && (await allowed('edit'))) {
      if (!(await coordination.acquireLease(REBUILD_LEASE, windowMs))) {
        // Still inside the window: put the flag back for the next tick.
        await coordination.raiseFlag(REBUILD_PENDING_FLAG);
        return 'deferred';
      }
      const outcome = await deploy(hookUrl, 'follow-up');
      // Tried again at the next tick past the window.
      if (outcome === 'failed') await coordination.raiseFlag(REBUILD_PENDING_FLAG);
      if (outcome !== 'refused') return outcome;
    }
    if (!governor) return 'idle';
    // A follow-up the policy holds back: its changes are in the queue already, and the window sends them.
    if (pending) await coordination.raiseFlag(PUBLISH_QUEUED_FLAG);
    const now = governor.now().getTime();
    // Before the day's window only the live policy could send the queue, and it never queues within budget.
    if (governor.config.policy !== 'live' && now < windowOf(governor.config, now))
      return pending ? 'queued' : 'idle';
    if (!(await coordination.takeFlag(PUBLISH_QUEUED_FLAG))) return pending ? 'queued' : 'idle';
    if ((await governor.queued()).length === 0) return 'idle';
    if (!(await allowed('window')) || !(await coordination.acquireLease(REBUILD_LEASE, windowMs))) {
      await coordination.raiseFlag(PUBLISH_QUEUED_FLAG);
      return 'queued';
    }
    const outcome = await deploy(hookUrl, 'window');
    if (outcome !== 'built') await coordination.raiseFlag(PUBLISH_QUEUED_FLAG);
    return outcome === 'refused' ? 'queued' : outcome;
  }
}
