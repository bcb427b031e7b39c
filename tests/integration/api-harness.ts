/**
 * Calls the API the way Netlify does: a real `Request` is routed by the function files' own `config.path`
 * (lower-cased, like Netlify's router), handed to the function's handler with real dependencies (Netlify's
 * local Blobs server, the real image service), and the `Response` comes back.
 */
import { URLPattern } from 'node:url';
import { expect } from 'vitest';
import { contentFamilies, requestFamilies } from '../../src/lib/collections.ts';
import { createSessionToken } from '../../src/server/auth/session.ts';
import { hashPassword } from '../../src/server/auth/password.ts';
import { SESSION_COOKIE_NAME } from '../../src/lib/constants.ts';
import { createDeps, type Deps } from '../../src/server/deps.ts';
import { contentHandler } from '../../src/server/handlers/content-handler.ts';
import { authHandler } from '../../src/server/handlers/auth-handler.ts';
import { enrollCourseHandler } from '../../src/server/handlers/enroll-course-handler.ts';
import { healthHandler } from '../../src/server/handlers/health-handler.ts';
import { notFoundHandler } from '../../src/server/handlers/not-found-handler.ts';
import { requestHandler } from '../../src/server/handlers/request-handler.ts';
import { statsHandler } from '../../src/server/handlers/stats-handler.ts';
import { uploadsHandler } from '../../src/server/handlers/uploads-handler.ts';
import { netlifyFunction, type RouteHandler } from '../../src/server/http/netlify-function.ts';
import { createImageService } from '../../src/server/images/image-service.ts';
import { createBlobsRepository } from '../../src/server/repository/blobs-repository.ts';
import type { Repository } from '../../src/server/repository/port.ts';
import { startBlobsServer, type TestBlobsServer } from '../support/blobs-server.ts';
import * as apiNotFound from '../../netlify/functions/api-not-found.mts';
import * as auth from '../../netlify/functions/auth.mts';
import * as career from '../../netlify/functions/career.mts';
import * as contact from '../../netlify/functions/contact.mts';
import * as enrollCourse from '../../netlify/functions/enroll-course.mts';
import * as enroll from '../../netlify/functions/enroll.mts';
import * as health from '../../netlify/functions/health.mts';
import * as homeContent from '../../netlify/functions/home-content.mts';
import * as homeCourse from '../../netlify/functions/home-course.mts';
import * as homeService from '../../netlify/functions/home-service.mts';
import * as serviceContent from '../../netlify/functions/service-content.mts';
import * as stats from '../../netlify/functions/stats.mts';
import * as uploads from '../../netlify/functions/uploads.mts';

export const ORIGIN = 'https://delta.example';
export const ADMIN_PASSWORD = 'correct horse battery staple';
export const SESSION_SECRET = 'test-session-secret-that-is-long-enough';

interface FunctionModule {
  config: { path?: string | string[]; excludedPath?: string | string[] };
}

/** Every HTTP function file with the handler it binds (the files bind the same handlers to getDeps()). */
export const FUNCTIONS: { name: string; module: FunctionModule; handler: RouteHandler }[] = [
  { name: 'home-content', module: homeContent, handler: contentHandler(contentFamilies.homeContent) },
  { name: 'home-service', module: homeService, handler: contentHandler(contentFamilies.homeService) },
  { name: 'home-course', module: homeCourse, handler: contentHandler(contentFamilies.homeCourse) },
  {
    name: 'service-content',
    module: serviceContent,
    handler: contentHandler(contentFamilies.serviceContent),
  },
  { name: 'career', module: career, handler: contentHandler(contentFamilies.career) },
  { name: 'contact', module: contact, handler: requestHandler(requestFamilies.contact) },
  { name: 'enroll', module: enroll, handler: requestHandler(requestFamilies.enroll) },
  { name: 'enroll-course', module: enrollCourse, handler: enrollCourseHandler },
  { name: 'stats', module: stats, handler: statsHandler },
  { name: 'auth', module: auth, handler: authHandler },
  { name: 'health', module: health, handler: healthHandler },
  { name: 'uploads', module: uploads, handler: uploadsHandler },
  { name: 'api-not-found', module: apiNotFound, handler: notFoundHandler },
];

const asList = (value: string | string[] | undefined) => (value === undefined ? [] : [value].flat());

/** Netlify's matching: the request path lower-cased, without a trailing slash, against each declared path. */
function matches(paths: string[], pathname: string): boolean {
  let path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  path = path.toLowerCase();
  return paths.some((pattern) => new URLPattern({ pathname: pattern }).test({ pathname: path }));
}

/** The names of the functions Netlify would consider for a path (a correct setup yields exactly one). */
export function functionsFor(pathname: string): string[] {
  return FUNCTIONS.filter(
    ({ module }) =>
      matches(asList(module.config.path), pathname) && !matches(asList(module.config.excludedPath), pathname),
  ).map(({ name }) => name);
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
  ip?: string;
}

export interface Api {
  blobs: TestBlobsServer;
  deps: Deps;
  repository: Repository;
  /** The test clock behind `deps.now`. */
  clock: { now: Date; advance(ms: number): void };
  call(path: string, options?: CallOptions): Promise<Response>;
  /** A valid session cookie value, signed now. */
  session(): string;
  admin(path: string, options?: CallOptions): Promise<Response>;
  stop(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string | undefined>;
  /** Build the repository (default: Blobs over the test server, a fresh store name per API). */
  repository?: (blobs: TestBlobsServer) => Repository;
  deps?: Partial<Omit<Deps, 'env' | 'repository'>>;
}

let storeCounter = 0;
/** A cheap scrypt cost: tests prove the format and the checks, not the cost. */
const TEST_HASH = hashPassword(ADMIN_PASSWORD, { N: 1024, r: 8, p: 1 });

export async function startApi(options: StartOptions = {}): Promise<Api> {
  const blobs = await startBlobsServer();
  storeCounter += 1;
  const repository =
    options.repository?.(blobs) ??
    createBlobsRepository({ store: blobs.getStore(`content-${storeCounter}`) });
  const clock = {
    now: new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const deps = createDeps(
    { ADMIN_PASSWORD_HASH: await TEST_HASH, SESSION_SECRET, URL: ORIGIN, ...options.env },
    {
      repository,
      images: createImageService({ store: blobs.getStore(`images-${storeCounter}`) }),
      now: () => clock.now,
      ...options.deps,
    },
  );

  const call = async (path: string, callOptions: CallOptions = {}) => {
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
    return netlifyFunction(fn.handler, () => deps)(request, { ip: callOptions.ip ?? '203.0.113.10' });
  };

  const session = () => createSessionToken(SESSION_SECRET, clock.now);

  return {
    blobs,
    deps,
    repository,
    clock,
    call,
    session,
    admin: (path, callOptions = {}) => call(path, { session: session(), ...callOptions }),
    stop: () => blobs.stop(),
  };
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
