/**
 * Gives an account a temporary password, for whoever can no longer sign in (the lone owner who lost their password
 * and passkey): it must be changed at the next sign-in, every session of the account ends, "passkeys only" is
 * lifted, and the audit log records it. Works on the store the site uses (scripts/migration/store-target.ts).
 *
 *   npm run reset-password -- --user admin                       # prints a new random temporary password
 *   printf '%s' 'my temporary pw' | npm run reset-password -- --user admin --password-stdin
 *   npm run reset-password -- --user admin --data-dir .local/data   # the local runner's store (stop it first)
 */
import { stdin, stdout, stderr, exit } from 'node:process';
import { parseArgs } from 'node:util';
import { createDeps } from '../src/server/deps.ts';
import { PasswordResetError, resetPassword } from './accounts/password-reset.ts';
import { openStoreTarget } from './migration/store-target.ts';

const { values: args } = parseArgs({
  options: {
    user: { type: 'string' },
    'password-stdin': { type: 'boolean', default: false },
    'data-dir': { type: 'string', default: '.local/data' },
  },
});

if (!args.user) {
  stderr.write('Usage: npm run reset-password -- --user <user ID> [--password-stdin] [--data-dir <dir>]\n');
  exit(2);
}

async function readStdin(): Promise<string> {
  let text = '';
  for await (const chunk of stdin) text += String(chunk);
  return text.replace(/\r?\n$/, '');
}

const chosen = args['password-stdin'] ? await readStdin() : undefined;
const target = await openStoreTarget({ dataDir: args['data-dir'] });
try {
  const deps = createDeps(process.env, {
    repository: target.repository,
    coordination: target.coordination,
    images: target.images,
  });
  const reset = await resetPassword(deps, args.user, chosen);
  stderr.write(
    `Reset the password of ${reset.account.userId} (${reset.account.role}) in ${target.description}; ` +
      `ended ${reset.endedSessions} session(s). It must be changed at the next sign-in.\n` +
      (reset.account.disabled
        ? 'The account is disabled: an owner must enable it before it can sign in.\n'
        : ''),
  );
  // Only the password goes to stdout, so it can be piped; it is printed only when it was generated here.
  if (chosen === undefined) stdout.write(`${reset.password}\n`);
} catch (error) {
  if (!(error instanceof PasswordResetError)) throw error;
  stderr.write(`${error.message} Nothing was changed.\n`);
  process.exitCode = 1;
} finally {
  await target.close();
}
