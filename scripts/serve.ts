/**
 * The local runner: builds and serves the whole product on http://localhost:${PORT:-8888} with no account and
 * no internet. Static files, functions, redirects and headers go through @netlify/dev (netlify-cli's own dev
 * server needs the internet for its edge runtime), and the pages rendered on demand through the adapter's page
 * function, which @netlify/dev does not load (local/page-function.ts); content lives in a Blobs sandbox in the data directory
 * (or in Upstash Redis when UPSTASH_REDIS_REST_URL/_TOKEN are set); the runner plays the build hook and, in front
 * of @netlify/dev, the parts of Netlify's edge it lacks (local/front-door.ts). It listens on loopback only unless
 * HOST names another address (local/listen.ts).
 *
 *   [PORT=8888] [HOST=0.0.0.0] node scripts/serve.ts [--port 8888] [--data-dir .local/data] [--reset] [--dev]
 *     [--share-build DIR | --from-build DIR]
 *
 * --dev serves `astro dev` (hot reload) behind the same functions instead of the production build.
 */
import type { NetlifyDev } from '@netlify/dev';
import { localNetlifyDev } from './local/netlify-dev.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import type http from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { hashPassword } from '../src/server/auth/password.ts';
import { createDeps } from '../src/server/deps.ts';
import { serverError } from '../src/server/http/respond.ts';
import { createImageService } from '../src/server/images/image-service.ts';
import { createRepositoryFromEnv } from '../src/server/repository/index.ts';
import { startBlobsSandbox } from './dev/blobs-sandbox.ts';
import { startBanner } from './local/banner.ts';
import { createCdnCache, LOCAL_NETLIFY_API_PATH } from './local/cdn-cache.ts';
import { withSocketAddress } from './local/client-address.ts';
import { sendFetchResponse } from './local/compress.ts';
import { devPasswordLine } from './local/dev-password.ts';
import {
  SERVED_METHODS,
  callsScheduledFunction,
  failureAnswer,
  isCrossSiteRequest,
  isFunctionFailure,
  isLocalRequest,
  isServedMethod,
  pathnameOf,
  scheduledFunctionNames,
  withoutInternalHeaders,
} from './local/front-door.ts';
import { functionBuildsDone, reuseFunctionBuilds } from './local/function-builds.ts';
import { assertPortFree, listenAll, listenHosts, PortBusyError } from './local/listen.ts';
import { startLocalNotifications } from './local/local-notifications.ts';
import { resetDataDir } from './local/reset.ts';
import { LOCAL_BUILD_HOOK_PATH } from './local/build-hook-path.ts';
import { loadDevSecrets } from './local/secrets.ts';
import { answersNothing, isPageRequest, localPageFunction } from './local/page-function.ts';
import { keepFunctionsWarm } from './local/warm-functions.ts';
import { createSiteBuilder } from './local/site-builder.ts';
import { firstBuild } from './local/shared-build.ts';
import { isStoreEmpty, seedDemoContent } from './seed/seed.ts';

/**
 * How often the runner ticks the every-minute function's work (MINUTE_TICK_MS; netlify/functions/
 * rebuild-scheduler.mts runs once a minute on Netlify): every 3 s, so a retry shows within seconds locally.
 */
const LOCAL_MINUTE_TICK_MS = '3000';
/** The runner's log line for each build hook call (bench/edit-latency.ts counts them). */
export const BUILD_HOOK_CALLED = 'build hook called';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.PORT ?? '8888' },
    'data-dir': { type: 'string', default: '.local/data' },
    reset: { type: 'boolean', default: false },
    dev: { type: 'boolean', default: false },
    // One build for several runners of the same sources (the e2e suite's): local/shared-build.ts.
    'share-build': { type: 'string' },
    'from-build': { type: 'string' },
  },
});
const port = Number(args.port);
const dataDir = resolve(projectRoot, args['data-dir']);
const log = (line: string) => console.log(`[serve] ${line}`);

/**
 * @netlify/functions-dev reads a multipart body as text and then decodes it as base64, so functions would get
 * garbage instead of the upload. Hand it the body already base64-encoded; on Netlify itself this is not needed.
 */
async function withBinaryBodyFix(req: http.IncomingMessage): Promise<http.IncomingMessage> {
  if (!/^multipart\//i.test(req.headers['content-type'] ?? '')) return req;
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const encoded = Buffer.from(Buffer.concat(chunks).toString('base64'));
  const headers = { ...req.headers };
  delete headers['content-length'];
  return Object.assign(Readable.from([encoded]), {
    method: req.method,
    url: req.url,
    headers,
    rawHeaders: [],
    socket: req.socket,
    httpVersion: req.httpVersion,
  }) as unknown as http.IncomingMessage;
}

/** What the CDN emulation keys and revalidates by: the method, the URL and the headers as they reached the edge. */
function cdnRequestOf(req: http.IncomingMessage) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || ['host', 'connection', 'content-length'].includes(name)) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return { method: req.method ?? 'GET', url: `http://localhost:${port}${req.url ?? '/'}`, headers };
}

/** Netlify answers an unmatched path with the site's 404.html, status 404 and the header rules of netlify.toml. */
async function notFoundPage(netlify: NetlifyDev): Promise<Response> {
  const page = await netlify.handle(new Request(`http://localhost:${port}/404.html`)).catch(() => undefined);
  if (page?.ok) return new Response(page.body, { status: 404, headers: page.headers });
  return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });
}

/** A failed function's answer: the site's 500 page (with netlify.toml's headers) or the API's JSON, no details. */
async function failurePage(netlify: NetlifyDev, req: http.IncomingMessage): Promise<Response> {
  const page = await netlify.handle(new Request(`http://localhost:${port}/500.html`)).catch(() => undefined);
  return failureAnswer(req.headers.accept, { page: page?.ok ? page : undefined, json: serverError() });
}

/** The failure's first line (its type and message) for the terminal; the page itself holds the stack. */
async function failureSummary(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  const html = /<title>([^<]*)<\/title>/.exec(text)?.[1];
  return (html ?? text.split('\n')[0] ?? '').slice(0, 300);
}

async function main() {
  // A runner started by a test (scripts/serve.test.ts) builds the site as it is deployed: under VITEST,
  // astro.config.mjs leaves the adapter out for vitest's own reading of it, and the build would then refuse the pages.
  delete process.env.VITEST;
  const hosts = listenHosts(process.env);
  // Before anything is wiped or built: a busy port is then one line at once.
  await assertPortFree(port, hosts);
  const usingRedis = Boolean(process.env.UPSTASH_REDIS_REST_URL && process.env.UPSTASH_REDIS_REST_TOKEN);
  if (args.reset) log(await resetDataDir(dataDir, { usingRedis }));
  mkdirSync(dataDir, { recursive: true });
  process.env.ASTRO_TELEMETRY_DISABLED = '1';

  // Images always live in Blobs, so the sandbox runs in Redis mode too (content then goes to Redis).
  const sandbox = await startBlobsSandbox({ directory: join(dataDir, 'blobs') });
  process.env.NETLIFY_BLOBS_CONTEXT = sandbox.context;

  const secrets = loadDevSecrets(dataDir, process.env);
  process.env.ADMIN_PASSWORD_HASH = await hashPassword(secrets.adminPassword);
  process.env.SESSION_SECRET = secrets.sessionSecret;
  process.env.CERT_SIGNING_KEY = secrets.certSigningKey;
  process.env.BUILD_HOOK_URL = `http://127.0.0.1:${port}${LOCAL_BUILD_HOOK_PATH}`;
  process.env.MINUTE_TICK_MS ??= LOCAL_MINUTE_TICK_MS;
  process.env.URL = `http://localhost:${port}`;
  // Netlify's CDN in front of the functions, purged through Netlify's API call, answered by the runner itself.
  // Its token is the one the runner was started with, if any (the bench purges pages itself), else a random one.
  const cdn = createCdnCache({ log, token: process.env.NETLIFY_PURGE_API_TOKEN });
  process.env.NETLIFY_PURGE_API_TOKEN = cdn.token;
  process.env.NETLIFY_PURGE_API_URL = `http://127.0.0.1:${port}${LOCAL_NETLIFY_API_PATH}`;
  process.env.SITE_ID ??= 'local-site';
  process.env.SITE_URL ??= process.env.URL;
  // Enquiry notifications with no accounts: a local SMTP server, /__local/mail, scheduled retries (issue 11).
  const notifications = await startLocalNotifications(log);

  const repository = createRepositoryFromEnv(process.env);
  if (await isStoreEmpty(repository)) {
    const created = await seedDemoContent(repository, createImageService());
    log(`seeded ${created} demo items into ${usingRedis ? 'Upstash Redis' : 'the Blobs sandbox'}`);
  }

  const builder = createSiteBuilder({ projectRoot, env: () => process.env, log });
  /** Build hook calls since the runner started (see LOCAL_BUILD_HOOK_PATH). */
  let buildHookCalls = 0;
  let astroDev: ChildProcess | null = null;
  let serverAddress: string | null = null;
  if (args.dev) {
    const devPort = port + 1;
    astroDev = spawn(
      process.execPath,
      [join(projectRoot, 'node_modules/astro/bin/astro.mjs'), 'dev', '--port', String(devPort)],
      {
        cwd: projectRoot,
        env: process.env,
        stdio: 'inherit',
      },
    );
    serverAddress = `http://localhost:${devPort}`;
  } else {
    await firstBuild(builder, {
      projectRoot,
      origin: `http://localhost:${port}`,
      shareTo: args['share-build'],
      takeFrom: args['from-build'],
      log,
    });
  }

  const scheduled = await scheduledFunctionNames(join(projectRoot, 'netlify', 'functions'));
  reuseFunctionBuilds();
  keepFunctionsWarm(join(projectRoot, '.netlify', 'functions-serve'));
  const netlify = localNetlifyDev(projectRoot, serverAddress);
  await netlify.start();
  log('building the functions…');
  // A path no function has: it only shows the functions handler, invoking nothing.
  await functionBuildsDone(() =>
    netlify.handle(new Request(`http://localhost:${port}/.netlify/functions/-`)),
  );

  const pages = localPageFunction(() => builder.pageFunction);

  const handler: http.RequestListener = async (req, res) => {
    // A request still unanswered after this long is named once in the log: a stall is otherwise invisible.
    const slow = setTimeout(() => log(`slow request: ${req.method} ${req.url} unanswered after 5 s`), 5_000);
    res.on('close', () => clearTimeout(slow));
    try {
      if (!isServedMethod(req.method)) {
        res.writeHead(405, { allow: SERVED_METHODS.join(', ') }).end();
        return;
      }
      if (notifications.handle(req, res)) return;
      if (pathnameOf(req.url) === LOCAL_BUILD_HOOK_PATH && (req.method === 'POST' || req.method === 'GET')) {
        // Loopback only, and never for a page of another site open in the developer's browser.
        if (!isLocalRequest(req) || isCrossSiteRequest(req)) {
          res.writeHead(403).end();
          return;
        }
        if (req.method === 'GET') {
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ calls: buildHookCalls }));
          return;
        }
        buildHookCalls += 1;
        res.writeHead(202).end();
        // Each call is a production deploy on Netlify: the bench counts these lines.
        log(BUILD_HOOK_CALLED);
        if (!args.dev) builder.request('content changed').catch((error: unknown) => log(String(error)));
        return;
      }
      // As on Netlify, a scheduled function runs on its schedule only: over HTTP it is a path like any unknown one.
      if (callsScheduledFunction(req.url, scheduled)) {
        await sendFetchResponse(req, res, await notFoundPage(netlify));
        return;
      }
      if (cdn.handlePurgeCall(req, res)) return;
      const request = withSocketAddress(req);
      const origin = `http://localhost:${port}`;
      const response = await cdn.serve(cdnRequestOf(request), async (again) => {
        // The request itself the first time; a background revalidation asks with a fresh copy of it.
        const match = again
          ? await netlify.handleAndIntrospect(again)
          : await netlify.handleAndIntrospectNodeRequest(await withBinaryBodyFix(request));
        if (match && isFunctionFailure(match)) {
          log(
            `function failed: ${req.method} ${pathnameOf(req.url)}: ${await failureSummary(match.response)}`,
          );
          return failurePage(netlify, req);
        }
        // Nothing static and no function of netlify/functions: the pages rendered on demand (local/page-function.ts).
        const page =
          !args.dev && isPageRequest(again?.method ?? req.method) && answersNothing(match)
            ? await (again
                ? pages.renderRequest(again, req.socket.remoteAddress ?? '')
                : pages.render(req, origin))
            : undefined;
        if (page) await match?.response.body?.cancel();
        return withoutInternalHeaders(page ?? match?.response ?? (await notFoundPage(netlify)));
      });
      await sendFetchResponse(req, res, response);
    } catch (error) {
      log(`request failed: ${String(error)}`);
      if (res.headersSent) res.end();
      else await sendFetchResponse(req, res, await failurePage(netlify, req)).catch(() => res.end());
    }
  };
  const servers = await listenAll(handler, port, hosts, (server) => {
    // Longer than any client's idle keep-alive (Playwright, browsers, the bench proxy): a server closing an idle
    // connection just as a client reuses it turns a good request into ECONNRESET.
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
  });
  notifications.startScheduledWork();

  // Scheduled functions do not run locally: tick the retry of failed purges the way Netlify's scheduler would
  // (netlify/functions/rebuild-scheduler.mts; content asks for no build, so there is no follow-up to send).
  const { runScheduledPurgeRetry } = await import('../src/server/cdn/scheduled-purges.ts');
  // One tick at a time: on a busy machine a tick can outlast the interval, and overlapping ticks would queue
  // behind each other in the Blobs sandbox until every one of them timed out.
  let ticking = false;
  const ticker = setInterval(() => {
    if (ticking) return;
    ticking = true;
    const started = Date.now();
    runScheduledPurgeRetry(undefined, { everyMinutes: 1 })
      .catch((error: unknown) =>
        log(
          `scheduled purge retry failed after ${Date.now() - started} ms: ${String(error)} (${String((error as Error).cause)})`,
        ),
      )
      .finally(() => (ticking = false));
  }, Number(process.env.MINUTE_TICK_MS));

  // Scheduled publishing (issue 24.3), as netlify/functions/publish-scheduler.mts runs on Netlify: every 5 minutes,
  // or every SCHEDULED_PUBLISHING_INTERVAL_MS (the e2e suite ticks it every few seconds). One tick at a time.
  const { runScheduledPublishing } = await import('../src/server/schedule/scheduled-publishing.ts');
  const publishingInterval = Number(process.env.SCHEDULED_PUBLISHING_INTERVAL_MS ?? 5 * 60_000);
  let publishing = false;
  const publishTicker = setInterval(() => {
    if (publishing) return;
    publishing = true;
    runScheduledPublishing()
      .catch((error: unknown) => log(`scheduled publishing failed: ${String(error)}`))
      .finally(() => (publishing = false));
  }, publishingInterval);

  const password = await devPasswordLine(
    createDeps(process.env, { repository }),
    secrets.adminPassword,
    secrets.passwordFromEnv,
  );
  const reach = process.env.HOST
    ? `${hosts.join(', ')} (HOST)`
    : 'loopback only (HOST=0.0.0.0 opens it to the network)';
  console.log(
    startBanner({
      port,
      password,
      store: usingRedis ? 'Upstash Redis' : `Blobs sandbox in ${dataDir}`,
      reach,
      inboxPath: notifications.inboxPath,
    }),
  );

  const shutdown = async () => {
    clearInterval(ticker);
    clearInterval(publishTicker);
    await notifications.stop();
    for (const server of servers) server.close();
    astroDev?.kill();
    builder.stop();
    await netlify.stop();
    await sandbox.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  if (error instanceof PortBusyError) console.error(`[serve] ${error.message}`);
  else console.error(error);
  process.exit(1);
});
