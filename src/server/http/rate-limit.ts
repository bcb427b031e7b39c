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
 * Retry-After and `message(seconds)` saying the same wait, so the client never has to guess.
 */
export async function enforceRateLimits(
  coordination: Coordination,
  checks: readonly RateLimitCheck[],
  message: (retryAfterSeconds: number) => string,
): Promise<void> {
  const results = await Promise.all(
    checks.map(({ bucket, identifier, rule }) =>
      coordination.hit(bucket, identifier, rule.limit, rule.windowSeconds),
    ),
  );
  const refused = results.filter((result) => !result.allowed);
  if (refused.length === 0) return;
  const seconds = Math.max(1, ...refused.map((result) => Math.ceil(result.retryAfterSeconds)));
  throw new HttpError(tooManyRequests(message(seconds), seconds));
}

/** Counts one hit for `ip` in `bucket`; over the limit answers 429 with Retry-After and `message`. */
export const enforceRateLimit = (
  coordination: Coordination,
  bucket: string,
  ip: string,
  rule: RateLimitRule,
  message: (retryAfterSeconds: number) => string,
): Promise<void> => enforceRateLimits(coordination, [{ bucket, identifier: ip, rule }], message);
