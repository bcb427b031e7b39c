/** The console's password line against a real Blobs store, through the account lifecycle a newcomer goes through. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startBlobsServer, type TestBlobsServer } from '../../tests/support/blobs-server.ts';
import { listAccounts, updateAccount } from '../../src/server/auth/accounts.ts';
import { hashPassword } from '../../src/server/auth/password.ts';
import { createDeps, type Deps } from '../../src/server/deps.ts';
import { createBlobsRepository } from '../../src/server/repository/blobs-repository.ts';
import { devPasswordLine } from './dev-password.ts';

const DEV_PASSWORD = 'dev-local-password-1';
const FAST = { N: 1024, r: 8, p: 1 };

let blobs: TestBlobsServer;
let deps: Deps;
beforeAll(async () => {
  blobs = await startBlobsServer();
});
afterAll(async () => {
  await blobs?.stop();
});
beforeEach(async () => {
  const store = blobs.getStore('content');
  await store.deleteAll();
  deps = createDeps(
    { ADMIN_PASSWORD_HASH: await hashPassword(DEV_PASSWORD, FAST) },
    { repository: createBlobsRepository({ store }) },
  );
});

const owner = async () => (await listAccounts(deps))[0]!;

describe('the dev password line', () => {
  it('shows the password before anyone signed in and while the first owner still uses it', async () => {
    expect(await devPasswordLine(deps, DEV_PASSWORD, false)).toBe(`password: ${DEV_PASSWORD}`);
    await owner(); // the first sign-in makes the owner from ADMIN_PASSWORD_HASH
    expect(await devPasswordLine(deps, DEV_PASSWORD, false)).toBe(`password: ${DEV_PASSWORD}`);
    expect(await devPasswordLine(deps, DEV_PASSWORD, true)).toBe(
      `password: ${DEV_PASSWORD} (from ADMIN_PASSWORD)`,
    );
  });

  it('no longer shows it once the owner changed their password, and says so', async () => {
    const account = await owner();
    await updateAccount(deps, account._id, {
      passwordHash: await hashPassword('a password of their own', FAST),
      passwordFromEnv: undefined,
    });
    const line = await devPasswordLine(deps, DEV_PASSWORD, false);
    expect(line).not.toContain(DEV_PASSWORD);
    expect(line).toMatch(/^the dev password no longer opens "admin" \(changed, .*--reset to start over$/);
    expect(await devPasswordLine(deps, DEV_PASSWORD, true)).toMatch(
      /^the ADMIN_PASSWORD password no longer opens "admin"/,
    );
  });

  it('does not show it for an owner who is disabled or uses passkeys only', async () => {
    const account = await owner();
    await updateAccount(deps, account._id, { requirePasskey: true });
    expect(await devPasswordLine(deps, DEV_PASSWORD, false)).not.toContain(DEV_PASSWORD);
    await updateAccount(deps, account._id, { requirePasskey: false, disabled: true });
    expect(await devPasswordLine(deps, DEV_PASSWORD, false)).not.toContain(DEV_PASSWORD);
  });
});
