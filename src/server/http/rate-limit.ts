import type { Coordination } from '../repository/port.ts';
import { HttpError, tooManyRequests } from './respond.ts';

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

export interface RateLimitCheck {
  bucket: string;
  identifier: string;
  rule: RateLimitRule;
}

/**
 * Counts one hit on every check at once; when any is over its limit answers 429 with the longest wait as
 * Retry-After and its check's `message(seconds)` saying the same wait, so the client never has to guess.
 */
export async function enforceLimits(
  coordination: Coordination,
  checks: readonly (RateLimitCheck & { message: (retryAfterSeconds: number) => string })[],
): Promise<void> {
  const results = await Promise.all(
    checks.map(async (check) => ({
      check,
      ...(await coordination.hit(check.bucket, check.identifier, check.rule.limit, check.rule.windowSeconds)),
    })),
  );
  const refused = results
    .filter((result) => !result.allowed)
    .map((result) => ({ ...result, seconds: Math.max(1, Math.ceil(result.retryAfterSeconds)) }))
    .sort((a, b) => b.seconds - a.seconds);
  const longest = refused[0];
  if (!longest) return;
  throw new HttpError(tooManyRequests(longest.check.message(longest.seconds), longest.seconds));
}
