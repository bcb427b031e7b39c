import { ApiError, userMessage } from './api-client.ts';
import { PUBLIC } from './messages.ts';

/** The user-message rule ('Invalid data format received' for a bad shape), or `fallback` for a non-API failure. */
export const describeFailure = (error: unknown, fallback: string): string =>
  error instanceof ApiError ? userMessage(error) : fallback;

/** Prefixed messages ('Failed to fetch courses: …'); a bad response shape is shown unprefixed. */
export const describeWithPrefix = (error: unknown, prefix: (reason: string) => string): string =>
  error instanceof ApiError && error.kind === 'format' ? PUBLIC.invalidData : prefix(userMessage(error));
