/**
 * `--reset`: wipes the runner's data directory and says what went with it. On the Blobs sandbox that is
 * everything — content, enquiries, accounts and their passkeys, sessions, uploaded pictures — and the dev
 * password and session secret; on Upstash Redis only the pictures and the dev secrets live here, and the rest is
 * kept (it may be a real database: the runner never wipes it).
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CONTENT_FAMILY_KEYS, REQUEST_FAMILY_KEYS } from '../../src/families/index.ts';
import { ACCOUNTS } from '../../src/server/auth/accounts.ts';
import { SESSIONS } from '../../src/server/auth/sessions.ts';
import { createBlobsRepository } from '../../src/server/repository/blobs-repository.ts';
import { BLOB_STORES } from '../../src/server/repository/keys.ts';
import { startBlobsSandbox } from '../dev/blobs-sandbox.ts';

const counted = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

async function sum(counts: Promise<number>[]): Promise<number> {
  return (await Promise.all(counts)).reduce((total, count) => total + count, 0);
}

/** What the data directory's Blobs sandbox holds, as a phrase per kind. */
async function describeBlobs(directory: string, usingRedis: boolean): Promise<string[]> {
  const sandbox = await startBlobsSandbox({ directory });
  try {
    const pictures = (await sandbox.getStore(BLOB_STORES.images).list()).blobs.length;
    if (usingRedis) return [counted(pictures, 'uploaded picture file')];
    const repository = createBlobsRepository({ store: sandbox.getStore(BLOB_STORES.content) });
    const accounts = await repository.list(ACCOUNTS);
    const passkeys = accounts.reduce(
      (total, account) => total + (Array.isArray(account.passkeys) ? account.passkeys.length : 0),
      0,
    );
    return [
      counted(await sum(CONTENT_FAMILY_KEYS.map((key) => repository.count(key))), 'content item'),
      counted(await sum(REQUEST_FAMILY_KEYS.map((key) => repository.count(key))), 'enquiry', 'enquiries'),
      `${counted(accounts.length, 'account')} with ${counted(passkeys, 'passkey')}`,
      counted(await repository.count(SESSIONS), 'session'),
      counted(pictures, 'uploaded picture file'),
    ];
  } finally {
    await sandbox.stop();
  }
}

/** Removes `dataDir` and answers the console line that says what was in it. */
export async function resetDataDir(dataDir: string, options: { usingRedis: boolean }): Promise<string> {
  if (!existsSync(dataDir)) return `--reset: nothing to wipe (${dataDir} does not exist yet)`;
  let held: string[];
  try {
    held = existsSync(join(dataDir, 'blobs'))
      ? await describeBlobs(join(dataDir, 'blobs'), options.usingRedis)
      : [];
  } catch {
    // An unreadable store is wiped all the same; only the counts are lost.
    held = [
      options.usingRedis
        ? 'the uploaded pictures'
        : 'the content, enquiries, accounts and passkeys, sessions and uploaded pictures',
    ];
  }
  rmSync(dataDir, { recursive: true, force: true });
  const kept = options.usingRedis
    ? '; content, enquiries, accounts, passkeys and sessions are in Upstash Redis and were kept'
    : '';
  return `--reset: wiped ${dataDir}: ${[...held, 'the dev password and session secret (new ones follow)'].join(', ')}${kept}`;
}
