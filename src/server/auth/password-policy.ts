/**
 * What a new password must be: PASSWORD_MIN_LENGTH characters (the schema checks that) and not common
 * or easily guessed, judged by zxcvbn-ts with its common-password, name and keyboard-pattern dictionaries and the
 * account's own user ID and name. Server-only: the dictionaries are large and never reach a browser.
 */
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { brandName } from '../../lib/site-config.ts';

/** zxcvbn's 3 = "safely unguessable: moderate protection from offline slow-hash scenario" (about 10^8 guesses). */
const MIN_SCORE = 3;

let checker: ZxcvbnFactory | null = null;

/** Loaded on the first password change, not with every invocation of the API function. */
async function loadChecker(): Promise<ZxcvbnFactory> {
  const [{ ZxcvbnFactory: Factory }, common] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
  ]);
  return new Factory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
}

export async function isGuessable(password: string, context: readonly string[] = []): Promise<boolean> {
  checker ??= await loadChecker();
  return checker.check(password, [...context, brandName, 'delta', 'admin', 'deltaadmin']).score < MIN_SCORE;
}
