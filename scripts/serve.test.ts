/**
 * The local runner as a newcomer starts it: `node scripts/serve.ts` as a child process, on a private copy of the
 * tree (it builds into its project's dist/) with its own port and data directory, answering over real sockets.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRunner, type Runner } from '../bench/support/runner.ts';
import { snapshotTree, type Snapshot } from '../bench/support/snapshot.ts';
import { createBlobsRepository } from '../src/server/repository/blobs-repository.ts';
import { BLOB_STORES } from '../src/server/repository/keys.ts';
import { startBlobsSandbox } from './dev/blobs-sandbox.ts';
import { freePort } from './dev/ports.ts';

const projectRoot = resolve(import.meta.dirname, '..');
const PASSWORD = 'serve-test-password';

/** A raw request, so the method and the Host header are exactly what a client on the wire could send. */
function rawRequest(
  port: number,
  options: { method?: string; path: string; host?: string; headers?: Record<string, string> },
): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((done, fail) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: { host: options.host ?? `localhost:${port}`, ...options.headers },
      },
      (response) => {
        response.resume();
        response.on('end', () => done({ status: response.statusCode ?? 0, headers: response.headers }));
      },
    );
    request.on('error', fail);
    request.end();
  });
}

describe('the local runner', () => {
  it('on a busy port says so in one line, before it wipes or builds anything', async () => {
    const port = await freePort();
    const holder = net.createServer();
    await new Promise<void>((done) => holder.listen(port, '127.0.0.1', done));
    const dataDir = mkdtempSync(join(tmpdir(), 'serve-busy-'));
    writeFileSync(join(dataDir, 'dev-secrets.json'), '{}');
    try {
      const child = spawn(
        process.execPath,
        ['scripts/serve.ts', '--port', String(port), '--data-dir', dataDir, '--reset'],
        { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((done) => child.once('exit', done));
      expect(code).toBe(1);
      expect(output.trim()).toBe(`[serve] port ${port} is busy — set PORT (e.g. PORT=${port + 1} npm start)`);
      expect(existsSync(join(dataDir, 'dev-secrets.json'))).toBe(true);
    } finally {
      holder.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);

  describe('serving', () => {
    let tree: Snapshot;
    let dataDir: string;
    let runner: Runner;

    beforeAll(async () => {
      tree = snapshotTree(projectRoot);
      dataDir = mkdtempSync(join(tmpdir(), 'serve-data-'));
      // What an earlier run left: one content item, for --reset to name.
      const sandbox = await startBlobsSandbox({ directory: join(dataDir, 'blobs') });
      await createBlobsRepository({ store: sandbox.getStore(BLOB_STORES.content) }).create('homeCourse', {
        title: 'Left over',
        description: 'From an earlier run',
      });
      await sandbox.stop();
      runner = await startRunner({
        projectRoot: tree.root,
        dataDir,
        env: { ADMIN_PASSWORD: PASSWORD, LOGIN_RATE_LIMIT_MAX: '1000' },
      });
    }, 300_000);

    afterAll(async () => {
      await runner?.stop();
      tree?.remove();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('is ready when it says so: its functions are built before the banner, so the first call waits for none', async () => {
      expect(runner.log.indexOf('[serve] building the functions…')).toBeGreaterThan(-1);
      expect(runner.log.indexOf('[serve] building the functions…')).toBeLessThan(
        runner.log.findIndex((line) => line.includes('Site:')),
      );
      // Before, NetlifyDev's start-up builds ran after the banner: a first call took up to a minute on this machine.
      const started = Date.now();
      expect((await rawRequest(runner.port, { path: '/health' })).status).toBe(200);
      expect(Date.now() - started).toBeLessThan(10_000);
    });

    it('says what --reset wiped, the password that opens the admin, the mail inbox and where it listens', () => {
      expect(runner.log).toContain(
        `[serve] --reset: wiped ${dataDir}: 1 content item, 0 enquiries, 0 accounts with 0 passkeys, 0 sessions, ` +
          '0 uploaded picture files, the dev password and session secret (new ones follow)',
      );
      expect(runner.log).toContain(
        `  Admin:  ${runner.url}/deltaadmin   password: ${PASSWORD} (from ADMIN_PASSWORD)`,
      );
      expect(runner.log).toContain('  Listen: loopback only (HOST=0.0.0.0 opens it to the network)');
      expect(runner.log).toContain(
        `  Mail:   ${runner.url}/__local/mail (every e-mail the site sends, as JSON)`,
      );
    });

    it('listens on loopback only', async () => {
      const lan = Object.values(networkInterfaces())
        .flat()
        .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;
      expect((await rawRequest(runner.port, { path: '/health' })).status).toBe(200);
      if (lan) {
        const refused = await new Promise<string>((done) => {
          const socket = net.connect({ host: lan, port: runner.port });
          socket.once('connect', () => (socket.destroy(), done('open')));
          socket.once('error', (error: NodeJS.ErrnoException) => done(error.code ?? 'error'));
        });
        expect(refused).toBe('ECONNREFUSED');
      }
    });

    it('does not run scheduled functions over HTTP', async () => {
      for (const name of ['backup-scheduler', 'trash-purge', 'rebuild-scheduler', 'publish-scheduler'])
        for (const method of ['GET', 'POST']) {
          const answer = await rawRequest(runner.port, { method, path: `/.netlify/functions/${name}` });
          expect(answer.status, `${method} ${name}`).toBe(404);
        }
      expect(runner.log.filter((line) => line.startsWith('[backup]'))).toEqual([]);
    });

    it('answers /__local/mail only to a loopback Host', async () => {
      expect((await rawRequest(runner.port, { path: '/__local/mail' })).status).toBe(200);
      expect((await rawRequest(runner.port, { path: '/__local/mail', host: 'rebound.example' })).status).toBe(
        403,
      );
      expect(
        (await rawRequest(runner.port, { path: '/__local/mail', host: 'rebound.example:80' })).status,
      ).toBe(403);
    });

    it('takes the build hook from the functions, never from a page of another site in the browser', async () => {
      const hook = (headers: Record<string, string> = {}) =>
        rawRequest(runner.port, { method: 'POST', path: '/__local/build-hook', headers });
      const foreign: Record<string, string>[] = [
        { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-site' },
        { origin: 'null' },
      ];
      for (const headers of foreign) expect((await hook(headers)).status, JSON.stringify(headers)).toBe(403);
      // As a function calls it (Node's fetch sends neither header).
      expect((await hook({ 'sec-fetch-mode': 'cors' })).status).toBe(202);
    });

    it('answers TRACE with 405, an unknown path with the security headers, the API without x-nf-* headers', async () => {
      const trace = await rawRequest(runner.port, { method: 'TRACE', path: '/' });
      expect(trace.status).toBe(405);
      expect(trace.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
      const missing = await rawRequest(runner.port, { path: '/no-such-page' });
      expect(missing.status).toBe(404);
      expect(missing.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(missing.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(missing.headers['x-frame-options']).toBe('DENY');
      expect(missing.headers['x-content-type-options']).toBe('nosniff');
      expect(missing.headers['strict-transport-security']).toContain('max-age=');
      const list = await rawRequest(runner.port, { path: '/api/v1/homeCourse' });
      expect(list.status).toBe(200);
      expect(Object.keys(list.headers).filter((name) => name.startsWith('x-nf-'))).toEqual([]);
    });

    it('prints no ExperimentalWarning when a passkey is set up', async () => {
      const origin = runner.url;
      const login = await fetch(`${origin}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({ password: PASSWORD }),
      });
      expect(login.status).toBe(200);
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      const options = await fetch(`${origin}/api/v1/auth/passkeys/options`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin, cookie },
        body: '{}',
      });
      expect(options.status).toBe(200);
      expect(
        ((await options.json()) as { data: { options: { challenge: string } } }).data.options.challenge,
      ).toBeTruthy();
      // The worker's stderr reaches the runner's asynchronously.
      await new Promise((done) => setTimeout(done, 500));
      expect(runner.log.filter((line) => line.includes('ExperimentalWarning'))).toEqual([]);
    });
  });
});
