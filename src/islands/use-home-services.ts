import { useCallback, useState } from 'react';
import { withPublicRetry } from '../lib/api-client.ts';
import { PUBLIC_RETRY_MAX } from '../lib/constants.ts';
import { PUBLIC } from '../lib/messages.ts';
import { fetchPublicList } from '../lib/public-api.ts';
import type { PublicItem } from '../lib/public-items.ts';
import { describeFailure } from '../lib/list-messages.ts';
import { useRevalidatedList, type ListState } from './use-revalidated-list.ts';

export type ServiceItem = PublicItem<'homeService'>;

const describe = (error: unknown) => describeFailure(error, PUBLIC.servicesFetchFailed);

/**
 * Home services with the spec's retry policy: up to 2 automatic retries on 500 or no response (1 s doubling,
 * capped at 5 s); the Retry button shows only while fewer than 2 retries have been used, and a manual retry
 * counts as one.
 */
export function useHomeServices(initial: readonly ServiceItem[] | undefined): {
  state: ListState<ServiceItem>;
  canRetry: boolean;
  retry: () => void;
} {
  const [retriesUsed, setRetriesUsed] = useState(0);
  const load = useCallback(
    (signal: AbortSignal, onRetry: () => void) =>
      withPublicRetry(
        () => fetchPublicList('homeService', signal),
        () => {
          setRetriesUsed((used) => used + 1);
          onRetry();
        },
      ),
    [],
  );
  const { state, reload } = useRevalidatedList(initial, load, describe);
  const retry = useCallback(() => {
    setRetriesUsed((used) => used + 1);
    reload();
  }, [reload]);
  return { state, canRetry: retriesUsed < PUBLIC_RETRY_MAX, retry };
}
