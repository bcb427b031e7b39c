/**
 * Coalesced rebuilds: the first write in a window calls the build hook at once (holding the 'rebuild' lease
 * for the window); later writes only raise the 'rebuild-pending' flag, and the scheduled function sends one
 * follow-up build once the window is over. A burst of edits therefore costs at most two builds, across every
 * function instance, because lease and flag live in the shared store.
 */
import type { Coordination } from '../repository/port.ts';

export const REBUILD_LEASE = 'rebuild';
export const REBUILD_PENDING_FLAG = 'rebuild-pending';
/** A build hook answers in well under a second; never hold a write's response longer than this. */
const HOOK_TIMEOUT_MS = 5_000;

export type RebuildOutcome = 'built' | 'deferred' | 'idle' | 'skipped' | 'failed';

export interface RebuildTrigger {
  /** After a write: build now if the window is free, else leave the follow-up to the scheduler. */
  request(): Promise<RebuildOutcome>;
  /** The scheduler's tick: build once if writes were deferred and the window is free again. */
  followUp(): Promise<RebuildOutcome>;
}

export interface RebuildTriggerOptions {
  coordination: Coordination;
  hookUrl: string | undefined;
  windowMs: number;
  fetch?: typeof globalThis.fetch;
  warn?: (message: string) => void;
}

export function createRebuildTrigger(options: RebuildTriggerOptions): RebuildTrigger {
  const { coordination, hookUrl, windowMs } = options;
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

  return {
    async request() {
      if (!hookUrl) return 'skipped';
      if (await coordination.acquireLease(REBUILD_LEASE, windowMs)) return callHook(hookUrl);
      await coordination.raiseFlag(REBUILD_PENDING_FLAG);
      return 'deferred';
    },
    async followUp() {
      if (!hookUrl) return 'skipped';
      if (!(await coordination.takeFlag(REBUILD_PENDING_FLAG))) return 'idle';
      if (await coordination.acquireLease(REBUILD_LEASE, windowMs)) return callHook(hookUrl);
      // Still inside the window: put the flag back for the next tick.
      await coordination.raiseFlag(REBUILD_PENDING_FLAG);
      return 'deferred';
    },
  };
}
