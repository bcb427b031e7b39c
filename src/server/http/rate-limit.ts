import type { Repository } from '../repository/port.ts';
import { HttpError, tooManyRequests } from './respond.ts';

/** Counts one hit for `ip` in `bucket`; over the limit answers 429 with Retry-After and `message`. */
export async function enforceRateLimit(
  repository: Repository,
  bucket: string,
  ip: string,
  rule: { limit: number; windowSeconds: number },
  message: string,
): Promise<void> {
  const { allowed, retryAfterSeconds } = await repository.hit(bucket, ip, rule.limit, rule.windowSeconds);
  if (!allowed) throw new HttpError(tooManyRequests(message, retryAfterSeconds));
}
