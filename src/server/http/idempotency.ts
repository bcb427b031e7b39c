/**
 * Idempotent public submissions. A form sends an `Idempotency-Key` (a random UUID per submission, the same on
 * its retries). The first request with a key claims it atomically (a Coordination lease) before any work, and
 * keeps its answer for ANSWER_KEPT_MS; a retry after a timeout or a network error gets that answer again and
 * stores nothing; a duplicate that arrives while the first is still working waits for its answer, else gets 429
 * with Retry-After. A request without the header (old clients, API callers, the plain HTML form) is unchanged.
 */
import { API } from '../../lib/api-messages.ts';
import { IDEMPOTENCY_HEADER } from '../../lib/constants.ts';
import type { Deps } from '../deps.ts';
import { badRequest, HttpError, tooManyRequests } from './respond.ts';

export { IDEMPOTENCY_HEADER };
/** A UUID, or any such token: letters, digits, `-` and `_`, long enough not to be guessed. */
const KEY_FORMAT = /^[A-Za-z0-9_-]{16,100}$/;
/** How long a first answer is kept for its retries: a day, far beyond any client's retrying. */
export const ANSWER_KEPT_MS = 24 * 3_600_000;
/** How long a claim stands without an answer: beyond a function's time limit, so a dead holder's key frees. */
const CLAIM_MS = 60_000;
/** How long a duplicate waits for the first request's answer before it is told to try again. */
const DUPLICATE_WAIT_MS = 8_000;
const DUPLICATE_POLL_MS = 200;
const RETRY_AFTER_SECONDS = 2;

/** An answer as kept: what the client saw. */
interface KeptAnswer {
  status: number;
  headers: [string, string][];
  body: string;
}

/** Headers a replay repeats: what the body means and where a form goes next; never cookies. */
const KEPT_HEADERS = ['content-type', 'location', 'cache-control'];

async function keep(response: Response): Promise<KeptAnswer> {
  return {
    status: response.status,
    headers: KEPT_HEADERS.flatMap((name) => {
      const value = response.headers.get(name);
      return value === null ? [] : [[name, value] as [string, string]];
    }),
    body: await response.clone().text(),
  };
}

const replay = (kept: KeptAnswer) =>
  new Response(kept.status === 204 || kept.status === 303 ? null : kept.body, {
    status: kept.status,
    headers: [...kept.headers, ['Idempotent-Replayed', 'true']],
  });

/**
 * Answers `work()` once per key: the first answer below 500 is kept and replayed to every retry with the same
 * key. A refusal thrown as HttpError (bad input, a rate limit) or a failure keeps nothing and frees the key, so
 * a corrected or later retry is worked afresh.
 */
export async function answerOnce(
  deps: Deps,
  request: Request,
  scope: string,
  work: () => Promise<Response>,
): Promise<Response> {
  const key = request.headers.get(IDEMPOTENCY_HEADER)?.trim();
  if (!key) return work();
  if (!KEY_FORMAT.test(key)) throw new HttpError(badRequest(API.idempotencyKeyInvalid));
  const name = `submission-${scope}-${key}`;
  const kept = await deps.coordination.recall<KeptAnswer>(name);
  if (kept) return replay(kept);
  if (!(await deps.coordination.acquireLease(name, CLAIM_MS))) return awaitFirst(deps, name);
  let response: Response;
  try {
    response = await work();
  } catch (error) {
    await deps.coordination.releaseLease(name).catch(() => undefined);
    throw error;
  }
  if (response.status >= 500) {
    await deps.coordination.releaseLease(name).catch(() => undefined);
    return response;
  }
  await deps.coordination.remember(name, await keep(response), ANSWER_KEPT_MS);
  return response;
}

/** A duplicate of a submission still being worked: its answer once kept, else "try again shortly". */
async function awaitFirst(deps: Deps, name: string): Promise<Response> {
  const until = Date.now() + DUPLICATE_WAIT_MS;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, DUPLICATE_POLL_MS));
    const kept = await deps.coordination.recall<KeptAnswer>(name);
    if (kept) return replay(kept);
    if (Date.now() >= until) return tooManyRequests(API.submissionInProgress, RETRY_AFTER_SECONDS);
  }
}
