/**
 * The deploy governor's store side (issue 26): this IST month's deploy count (an atomic counter in Coordination,
 * so no two instances together pass the budget), the log of deploys started, and the queue of changes waiting
 * for one. The decisions themselves are publish-policy.ts's.
 */
import type { Repository, Coordination, StoredItem } from '../repository/port.ts';
import { istMonth, type PublishConfig, type Spent } from './publish-policy.ts';

/** Collections of the store that are not families: the deploys started and the changes waiting for one. */
export const DEPLOYS = 'publishDeploys';
export const PUBLISH_QUEUE = 'publishQueue';
/** How many deploys the log keeps (the counter, not the log, is what the budget is checked against). */
const DEPLOYS_KEPT = 50;

export type DeployReason = 'edit' | 'follow-up' | 'window' | 'publish-now';

/** A change waiting for a deploy: what, by whom, when. */
export interface QueuedChange {
  family: string;
  id?: string;
  /** The account that made the change (user ID and name), when a signed-in person made it. */
  byUserId?: string;
  byName?: string;
  /** When the change was made (ISO, UTC). */
  at: string;
}

export interface DeployRecord {
  at: string;
  month: string;
  reason: DeployReason;
  byName?: string;
}

export interface DeployGovernor {
  readonly config: PublishConfig;
  readonly now: () => Date;
  /** This month's deploys, and the last one's time when the policy needs it (daily). */
  spent(): Promise<Spent>;
  /**
   * Counts one deploy against this month's budget, atomically; false (nothing counted) when it is spent.
   * Counted before the build hook is called: a failed call still counts, since Netlify may have started it.
   */
  spend(): Promise<boolean>;
  recordDeploy(reason: DeployReason, byName?: string): Promise<void>;
  lastDeploy(): Promise<DeployRecord | null>;
  enqueue(change: Omit<QueuedChange, 'at'>): Promise<void>;
  queued(): Promise<(QueuedChange & { _id: string })[]>;
  /** Drops the given queue entries: a deploy that started after they were made carries them. */
  clear(ids: readonly string[]): Promise<void>;
}

export interface GovernorOptions {
  coordination: Coordination;
  repository: Repository;
  config: PublishConfig;
  now: () => Date;
}

export const deployCounter = (ms: number) => `deploys-${istMonth(ms)}`;

export function createDeployGovernor({
  coordination,
  repository,
  config,
  now,
}: GovernorOptions): DeployGovernor {
  async function lastDeploy(): Promise<DeployRecord | null> {
    const [latest] = (await repository.listPage(DEPLOYS, { limit: 1 })).items;
    return latest ? (latest as unknown as DeployRecord) : null;
  }

  return {
    config,
    now,
    async spent() {
      // Every public write asks: only the daily policy needs the last deploy's time, so only it pays for the read.
      const [used, last] = await Promise.all([
        coordination.readCount(deployCounter(now().getTime())),
        config.policy === 'daily' ? lastDeploy() : null,
      ]);
      return { used, lastDeployAt: last ? Date.parse(last.at) : null };
    },
    async spend() {
      return (await coordination.countUpTo(deployCounter(now().getTime()), config.budget)) !== null;
    },
    async recordDeploy(reason, byName) {
      const at = now();
      await repository.create(DEPLOYS, {
        at: at.toISOString(),
        month: istMonth(at.getTime()),
        reason,
        ...(byName ? { byName } : {}),
      });
      const { items } = await repository.listPage(DEPLOYS, { limit: DEPLOYS_KEPT + 10 });
      await Promise.all(items.slice(DEPLOYS_KEPT).map((item) => repository.delete(DEPLOYS, item._id)));
    },
    lastDeploy,
    async enqueue(change) {
      await repository.create(PUBLISH_QUEUE, { ...change, at: now().toISOString() });
    },
    async queued() {
      const items: StoredItem[] = await repository.list(PUBLISH_QUEUE);
      return items as unknown as (QueuedChange & { _id: string })[];
    },
    async clear(ids) {
      await Promise.all(ids.map((id) => repository.delete(PUBLISH_QUEUE, id)));
    },
  };
}
