/**
 * What a submission's 201 answer adds for the enrolment form's success screen: the payment the form shows, and the
 * student's "Your enrolment" page (its signed path and the link's words). A bot's answer carries a decoy link of
 * the same shape, so the answer never tells it it was spotted.
 */
import { ENROLMENT_PAGE } from '../../lib/messages.ts';
import type { ServerEnv } from '../env.ts';
import { ok } from '../http/respond.ts';
import type { StoredItem } from '../repository/port.ts';
import { decoyPagePath, enrolmentPath } from './link.ts';

export function submissionAnswer(
  data: unknown,
  message: string,
  page: string | null,
  payment: unknown = null,
): Response {
  const extra = {
    ...(payment ? { payment } : {}),
    ...(page ? { enrolmentPage: { href: page, text: ENROLMENT_PAGE.formLink } } : {}),
  };
  return ok(data, { status: 201, message, extra });
}

/** The page of a stored enrolment (null for other families, or without a secret to sign it). */
export const pageOf = (env: Pick<ServerEnv, 'SESSION_SECRET'>, family: string, item: StoredItem) =>
  family === 'enroll' ? enrolmentPath(env, item) : null;

/** A bot's answer: a person's, with a decoy page link for an enrolment. */
export const botAnswer = (env: Pick<ServerEnv, 'SESSION_SECRET'>, family: string, message: string) =>
  submissionAnswer(null, message, family === 'enroll' ? decoyPagePath(env) : null);
