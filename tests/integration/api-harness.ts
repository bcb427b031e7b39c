/**
 * Calls the API the way Netlify does: a real `Request` is routed by the function files' own `config.path`
 * (lower-cased, like Netlify's router), handed to the function's handler with real dependencies (Netlify's
 * local Blobs server, the real image service), and the `Response` comes back.
 */
import { expect } from 'vitest';
import { createSessionToken } from '../../src/server/auth/session.ts';
import { hashPassword } from '../../src/server/auth/password.ts';
import {
  ACCOUNTS,
  createAccount,
  findAccountByUserId,
  type Account,
  type NewAccount,
} from '../../src/server/auth/accounts.ts';
import { storeSession } from '../../src/server/auth/sessions.ts';
import { newId } from '../../src/server/repository/ids.ts';
import { AUTH_PATHS } from '../../src/lib/collections.ts';
import { BOOTSTRAP_USER_ID } from '../../src/lib/identity.ts';
import { SESSION_COOKIE_NAME, SESSION_TTL_SECONDS, TRASH_RETENTION_DAYS } from '../../src/lib/constants.ts';
import { createDeps, type Deps } from '../../src/server/deps.ts';
import { apiHandler, REGISTRY, type ApiRegistry } from '../../src/server/handlers/api-router.ts';
import { purgeTrash } from '../../src/server/handlers/trash-handler.ts';
import { healthHandler } from '../../src/server/handlers/health-handler.ts';
import { uploadsHandler } from '../../src/server/handlers/uploads-handler.ts';
import { netlifyFunction, type RouteHandler } from '../../src/server/http/netlify-function.ts';
import { createImageService } from '../../src/server/images/image-service.ts';
import { createBlobsCoordination } from '../../src/server/repository/blobs-coordination.ts';
import { createBlobsRepository } from '../../src/server/repository/blobs-repository.ts';
import { uniqueRuleOf } from '../../src/server/repository/unique.ts';
import {
  StoreUnavailableError,
  type Coordination,
  type Repository,
} from '../../src/server/repository/port.ts';
import { functionRoute, type FunctionRouteConfig } from '../../scripts/dev/function-routes.ts';
import { startBlobsServer, type TestBlobsServer } from '../support/blobs-server.ts';
import { startRedisWithGateway, type RedisWithGateway } from '../support/redis-server.ts';
import {
  createCoordinationFromEnv,
  createRepositoryFromEnv,
  redisFromEnv,
} from '../../src/server/repository/index.ts';
import * as api from '../../netlify/functions/api.mts';
import * as health from '../../netlify/functions/health.mts';
import * as uploads from '../../netlify/functions/uploads.mts';
import * as verify from '../../netlify/functions/verify.mts';
import { verifyPageHandler } from '../../src/server/handlers/verify-page-handler.ts';

export const ORIGIN = 'https://delta.example';
export const ADMIN_PASSWORD = 'correct horse battery staple';
export const SESSION_SECRET = 'test-session-secret-that-is-long-enough';

interface FunctionModule {
  config: FunctionRouteConfig;
}

/** Every HTTP function file with the handler it binds (the files bind the same handlers to getDeps()). */
export const FUNCTIONS: { name: string; module: FunctionModule; handler: RouteHandler }[] = [
  { name: 'api', module: api, handler: apiHandler() },
  { name: 'health', module: health, handler: healthHandler },
  { name: 'uploads', module: uploads, handler: uploadsHandler },
  { name: 'verify', module: verify, handler: verifyPageHandler },
];

/** The names of the functions Netlify would consider for a path (a correct setup yields exactly one). */
export function functionsFor(pathname: string): string[] {
  return FUNCTIONS.filter(({ module }) => functionRoute(module.config)(pathname)).map(({ name }) => name);
}

export interface CallOptions {
  method?: string;
  json?: unknown;
  form?: FormData;
  body?: BodyInit;
  headers?: Record<string, string>;
  /** The session cookie's value; omitted → none. */
  session?: string;
  /** The Origin header; default: the site's own origin for anything but GET. `null` sends none. */
  origin?: string | null;
  /** The client's address as the platform reports it (Netlify's context.ip); `null`: the platform names none. */
  ip?: string | null;
}

export interface Api {
  blobs: TestBlobsServer;
  deps: Deps;
  repository: Repository;
  coordination: Coordination;
  /** The test clock behind `deps.now`. */
  clock: { now: Date; advance(ms: number): void };
  call(path: string, options?: CallOptions): Promise<Response>;
  /**
   * A valid session cookie value, signed now, of the account `userId` (default: the bootstrap owner). The session
   * is recorded in the store before the next `call` goes out; `idleMs`/`ageMs` date it back (idle, expired).
   */
  session(userId?: string, options?: { idleMs?: number; ageMs?: number }): string;
  /** Resolves once every session handed out by `session()` is recorded (`call` waits for this itself). */
  ready(): Promise<void>;
  /** Adds an account through the server's own code (a cheap scrypt cost). */
  account(input: Partial<NewAccount> & { userId: string }): Promise<Account>;
  admin(path: string, options?: CallOptions): Promise<Response>;
  /** Waits for the work handlers left running after their responses (Netlify's context.waitUntil). */
  settle(): Promise<void>;
  /** Moves the clock past the trash's retention and runs the scheduled purge; returns how many it purged. */
  purgeExpiredTrash(): Promise<number>;
  stop(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string | undefined>;
  /** Build the repository (default: Blobs over the test server, a fresh store name per API). */
  repository?: (blobs: TestBlobsServer) => Repository;
  /** Leases, flags, rate limits (default: Redis when `env` configures it, else Blobs beside the default items). */
  coordination?: (blobs: TestBlobsServer) => Coordination;
  deps?: Partial<Omit<Deps, 'env' | 'repository' | 'coordination'>>;
  /** Serve the API from this registry instead of the real one (a fixture family proves the registry drives it). */
  registry?: ApiRegistry;
}

/** A fixture registry's items claim their slugs as the registry's do (undefined: the registry's own rule). */
const uniqueRuleFor = (registry: ApiRegistry | undefined) =>
  registry ? uniqueRuleOf(registry.content) : undefined;

let storeCounter = 0;
/** A cheap scrypt cost: tests prove the format and the checks, not the cost. */
const TEST_COST = { N: 1024, r: 8, p: 1 };
const TEST_HASH = hashPassword(ADMIN_PASSWORD, TEST_COST);

/** The two stores every contract test runs on. */
/** The session token a response's Set-Cookie carries, or null. */
export const sessionTokenOf = (response: Response) =>
  new RegExp(`^${SESSION_COOKIE_NAME}=([^;]*)`).exec(response.headers.get('set-cookie') ?? '')?.[1] ?? null;

/**
 * A new client address per call, `${prefix}.x.y` (limits count per address, so a test that is not about them
 * uses a fresh one each time); a prefix per file keeps the files' ranges apart.
 */
export function freshAddresses(prefix: string): () => string {
  let next = 0;
  return () => `${prefix}.${Math.floor(next / 250)}.${next++ % 250}`;
}

export const STORE_BACKENDS = ['blobs', 'redis'] as const;
export type StoreBackend = (typeof STORE_BACKENDS)[number];

/**
 * The API on one store: Blobs over Netlify's local server, or a real redis-server behind the Upstash gateway
 * (its keys under `keyPrefix`). `options.env` is added to the store's variables; `stop` ends both.
 */
export async function startApiOn(
  backend: StoreBackend,
  keyPrefix: string,
  options: Omit<StartOptions, 'repository'> = {},
): Promise<{ api: Api; redis: RedisWithGateway | undefined; stop(): Promise<void> }> {
  const redis = backend === 'redis' ? await startRedisWithGateway() : undefined;
  const env = {
    ...(redis
      ? {
          UPSTASH_REDIS_REST_URL: redis.url,
          UPSTASH_REDIS_REST_TOKEN: redis.token,
          REDIS_KEY_PREFIX: keyPrefix,
        }
      : {}),
    ...options.env,
  };
  const api = await startApi({
    ...options,
    env,
    ...(redis ? { repository: () => createRepositoryFromEnv(env, uniqueRuleFor(options.registry)) } : {}),
  });
  return {
    api,
    redis,
    async stop() {
      await api.stop();
      await redis?.stop();
    },
  };
}

export async function startApi(options: StartOptions = {}): Promise<Api> {
  const blobs = await startBlobsServer();
  storeCounter += 1;
  const contentStore = blobs.getStore(`content-${storeCounter}`);
  const repository =
    options.repository?.(blobs) ??
    createBlobsRepository({ store: contentStore, unique: uniqueRuleFor(options.registry) });
  const coordination =
    options.coordination?.(blobs) ??
    (redisFromEnv(options.env ?? {})
      ? createCoordinationFromEnv(options.env ?? {})
      : createBlobsCoordination({ store: contentStore }));
  const clock = {
    now: new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const deps = createDeps(
    {
      ADMIN_PASSWORD_HASH: await TEST_HASH,
      SESSION_SECRET,
      URL: ORIGIN,
      ...options.env,
    },
    {
      repository,
      coordination,
      images: createImageService({ store: blobs.getStore(`images-${storeCounter}`) }),
      now: () => clock.now,
      // ORIGIN serves no pages: a purge's warming would only ask the internet (or, through a stubbed fetch, this
      // harness) for them and log each failure. A test that names its own site (`env.URL`) gets the real warmer.
      ...(options.env?.URL ? {} : { pathsToWarm: async () => [] }),
      ...options.deps,
    },
  );

  const customApi = options.registry ? apiHandler(options.registry) : null;
  // Netlify keeps a function alive for what it passed to context.waitUntil; the harness keeps the promises.
  const pending = new Set<Promise<unknown>>();
  const waitUntil = (promise: Promise<unknown>) => {
    const tracked = promise.finally(() => pending.delete(tracked));
    pending.add(tracked);
  };
  const ownerSession = () => {
    const now = clock.now.getTime();
    if (!reused || now < reused.at || now - reused.at > 60_000) reused = { token: session(), at: now };
    return reused.token;
  };
  const call = async (path: string, callOptions: CallOptions = {}) => {
    await Promise.all([...sessionWrites]);
    const url = new URL(path, ORIGIN);
    const method = callOptions.method ?? 'GET';
    const headers = new Headers(callOptions.headers);
    const origin = callOptions.origin === undefined ? (method === 'GET' ? null : ORIGIN) : callOptions.origin;
    if (origin !== null) headers.set('Origin', origin);
    if (callOptions.session !== undefined)
      headers.set('Cookie', `${SESSION_COOKIE_NAME}=${callOptions.session}`);
    let body = callOptions.body;
    if (callOptions.json !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(callOptions.json);
    } else if (callOptions.form) {
      body = callOptions.form;
    }
    const request = new Request(url, { method, headers, body });
    const names = functionsFor(url.pathname);
    if (names.length !== 1)
      throw new Error(`${url.pathname} is routed to ${names.length} functions: ${names}`);
    const fn = FUNCTIONS.find(({ name }) => name === names[0]);
    if (!fn) throw new Error('unreachable');
    const handler = fn.name === 'api' && customApi ? customApi : fn.handler;
    const ip = callOptions.ip === null ? undefined : (callOptions.ip ?? '203.0.113.10');
    return netlifyFunction(handler, () => deps)(request, { ip, waitUntil });
  };

  const sessionWrites = new Set<Promise<void>>();
  /**
   * `admin()` reuses one owner session while the test clock stays within a minute of its sign-in, so a burst of
   * admin calls costs the store what a person's burst costs it; a clock moved on gets a fresh one.
   */
  let reused: { token: string; at: number } | null = null;
  const accountFor = async (userId: string): Promise<Account> => {
    const found = await findAccountByUserId(deps, userId);
    if (found) return found;
    if (userId !== BOOTSTRAP_USER_ID) throw new Error(`No account ${userId}`);
    // A server without ADMIN_PASSWORD_HASH has no bootstrap owner; tests of its admin routes still need one.
    return (await repository.create(ACCOUNTS, {
      userId,
      name: 'Owner',
      role: 'owner',
      disabled: false,
      requirePasskey: false,
      passkeys: [],
    })) as Account;
  };
  const session = (userId: string = BOOTSTRAP_USER_ID, options: { idleMs?: number; ageMs?: number } = {}) => {
    const now = clock.now.getTime();
    const createdAt = new Date(now - (options.ageMs ?? options.idleMs ?? 0));
    const id = newId();
    const token = createSessionToken(SESSION_SECRET, clock.now, SESSION_TTL_SECONDS, id);
    const write = (async () => {
      const account = await accountFor(userId);
      await storeSession(
        deps,
        id,
        account,
        { ip: '203.0.113.10', userAgent: 'api-harness' },
        {
          createdAt,
          lastSeenAt: new Date(now - (options.idleMs ?? 0)),
        },
      );
    })().catch((error: unknown) => {
      // A store that is down records no session; the API then answers 503 to the call, which is what such tests check.
      if (!(error instanceof StoreUnavailableError)) throw error;
      if (reused?.token === token) reused = null;
    });
    const tracked = write.finally(() => sessionWrites.delete(tracked));
    sessionWrites.add(tracked);
    return token;
  };

  // The owner's account and first session are made now, not inside a test's first call, so a test that times
  // its first write measures the write, not the bootstrap.
  // Best effort: a test that hands in a broken store gets its failure from its own call instead.
  if (deps.env.ADMIN_PASSWORD_HASH && deps.env.SESSION_SECRET) {
    try {
      ownerSession();
      await Promise.all([...sessionWrites]);
    } catch {
      reused = null;
    }
  }

  return {
    blobs,
    deps,
    // What handlers write through: a test's own writes enter the schedulers' due-time index as theirs do.
    repository: deps.repository,
    coordination,
    clock,
    call,
    session,
    async ready() {
      await Promise.all([...sessionWrites]);
    },
    account: (input) =>
      createAccount(
        deps,
        { name: input.userId, role: 'editor', password: ADMIN_PASSWORD, ...input },
        TEST_COST,
      ),
    admin: (path, callOptions = {}) => call(path, { session: ownerSession(), ...callOptions }),
    async settle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    purgeExpiredTrash() {
      clock.advance((TRASH_RETENTION_DAYS + 1) * 86_400_000);
      return purgeTrash(options.registry ?? REGISTRY, deps);
    },
    async stop() {
      await Promise.allSettled([...pending]);
      await blobs.stop();
    },
  };
}

/**
 * A password sign-in as the login form posts it; without `userId` it is the one-password sign-in of older
 * clients. `path` points it at another address for the login route (a test of routing); `ip` is left to the
 * caller, as each file keeps its own range of fresh addresses for the per-address limits.
 */
export function passwordLogin(
  api: Api,
  credentials: { userId?: string | undefined; password: unknown },
  { path = AUTH_PATHS.login, ...options }: Omit<CallOptions, 'method' | 'json'> & { path?: string } = {},
): Promise<Response> {
  return api.call(path, { method: 'POST', json: credentials, ...options });
}

/** The parsed JSON envelope of a response. */
export async function body(response: Response): Promise<{
  success: boolean;
  data?: unknown;
  message?: string;
  errors?: Record<string, string>;
  nextCursor?: string | null;
  [key: string]: unknown;
}> {
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return (await response.json()) as never;
}

/** A multipart form from fields (arrays become JSON text, as the admin sends `points`) and an optional file. */
export function multipart(
  fields: Record<string, unknown>,
  image?: { bytes: Uint8Array; type?: string; name?: string },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  if (image) {
    form.append(
      'image',
      new Blob([new Uint8Array(image.bytes)], { type: image.type ?? 'image/jpeg' }),
      image.name ?? 'photo.jpg',
    );
  }
  return form;
}
