import type { z } from 'zod';
import { API } from '../../lib/api-messages.ts';
import { fieldErrors } from '../../lib/schemas.ts';
import { badRequest, HttpError } from './respond.ts';

/**
 * Parses `value` with a shared schema; a failure answers 400 with the first field message (the spec's, e.g.
 * 'Title is required') and every field's first message in `errors`.
 */
export function validate<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new HttpError(validationFailure(fieldErrors(result.error)));
}

export function validationFailure(errors: Record<string, string>): Response {
  const first = Object.entries(errors).find(([field]) => field !== '_')?.[1];
  return badRequest(first ?? API.validation, errors);
}
