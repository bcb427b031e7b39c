/** `--reset` on a data directory filled the way a runner fills it: a real Blobs sandbox on disk, then wiped. */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startBlobsSandbox } from '../dev/blobs-sandbox.ts';
import { createAccount, listAccounts, updateAccount } from '../../src/server/auth/accounts.ts';
import { hashPassword } from '../../src/server/auth/password.ts';
import { storeSession } from '../../src/server/auth/sessions.ts';
import { createDeps } from '../../src/server/deps.ts';
import { createBlobsRepository } from '../../src/server/repository/blobs-repository.ts';
import { BLOB_STORES } from '../../src/server/repository/keys.ts';
import { resetDataDir } from './reset.ts';

const FAST = { N: 1024, r: 8, p: 1 };
const made: string[] = [];
afterEach(() => {
  for (const directory of made.splice(0)) rmSync(directory, { recursive: true, force: true });
});

/** A data directory holding 2 content items, 1 enquiry, 2 accounts with 1 passkey, 3 sessions and 2 pictures. */
async function filledDataDir(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'reset-test-'));
  made.push(dataDir);
  writeFileSync(join(dataDir, 'dev-secrets.json'), '{}');
  const sandbox = await startBlobsSandbox({ directory: join(dataDir, 'blobs') });
  try {
    const repository = createBlobsRepository({ store: sandbox.getStore(BLOB_STORES.content) });
    const deps = createDeps({ ADMIN_PASSWORD_HASH: await hashPassword('first', FAST) }, { repository });
    await repository.create('homeCourse', { title: 'One', description: 'First' });
    await repository.create('career', { title: 'Two', description: 'Second' });
    await repository.create('contact', { name: 'Asha', email: 'asha@example.com', message: 'Hello' });
    const owner = (await listAccounts(deps))[0]!;
    await updateAccount(deps, owner._id, {
      passkeys: [
        { id: 'cred', name: 'Laptop', publicKey: 'key', counter: 0, createdAt: '2026-01-01T00:00:00Z' },
      ],
    });
    const editor = await createAccount(
      deps,
      { userId: 'priya', name: 'Priya', role: 'editor', password: 'x' },
      FAST,
    );
    for (const [id, account] of [
      ['s1', owner],
      ['s2', owner],
      ['s3', editor],
    ] as const)
      await storeSession(deps, `session${id}aaaaaaaaaaaaa`.slice(0, 20), account, { ip: '127.0.0.1' });
    const pictures = sandbox.getStore(BLOB_STORES.images);
    await pictures.set('courses/a.webp', 'a');
    await pictures.set('courses/b.webp', 'b');
  } finally {
    await sandbox.stop();
  }
  return dataDir;
}

describe('--reset', () => {
  it('says what it wiped from the Blobs sandbox, then the directory is gone', async () => {
    const dataDir = await filledDataDir();
    const line = await resetDataDir(dataDir, { usingRedis: false });
    expect(line).toBe(
      `--reset: wiped ${dataDir}: 2 content items, 1 enquiry, 2 accounts with 1 passkey, 3 sessions, ` +
        '2 uploaded picture files, the dev password and session secret (new ones follow)',
    );
    expect(existsSync(dataDir)).toBe(false);
  });

  it('on Upstash Redis says the pictures went and the database was kept', async () => {
    const dataDir = await filledDataDir();
    const line = await resetDataDir(dataDir, { usingRedis: true });
    expect(line).toBe(
      `--reset: wiped ${dataDir}: 2 uploaded picture files, the dev password and session secret (new ones follow); ` +
        'content, enquiries, accounts, passkeys and sessions are in Upstash Redis and were kept',
    );
    expect(existsSync(dataDir)).toBe(false);
  });

  it('says when there was nothing to wipe', async () => {
    const dataDir = join(tmpdir(), `reset-test-missing-${process.pid}`);
    expect(await resetDataDir(dataDir, { usingRedis: false })).toBe(
      `--reset: nothing to wipe (${dataDir} does not exist yet)`,
    );
  });
});
