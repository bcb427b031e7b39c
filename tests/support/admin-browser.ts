/**
 * The admin's browser, in process: `fetch`, `XMLHttpRequest` (the admin's multipart uploads) and `location` are
 * pointed at the real API handlers over Netlify's local Blobs server (tests/integration/api-harness.ts), with a
 * cookie jar that keeps the session cookie the server sets and clears. Admin stores then run unchanged in
 * vitest: an admin bug reproduces without a build or Chromium. Nothing of the API is mocked.
 */
import type { ReadableAtom } from 'nanostores';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { $adminLoggedIn } from '../../src/admin/stores/session.ts';
import { SESSION_COOKIE_NAME } from '../../src/lib/constants.ts';
import { apiHandler, type ApiRegistry } from '../../src/server/handlers/api-router.ts';
import { netlifyFunction } from '../../src/server/http/netlify-function.ts';
import { pngWithAlpha } from '../../src/server/images/image-fixtures.ts';
import { ORIGIN, startApi, startApiOn, type Api } from '../integration/api-harness.ts';

export interface AdminBrowser {
  /** The session cookie the browser holds; null when it holds none. */
  readonly cookie: string | null;
  /** Puts a freshly signed session cookie in the jar (what a successful sign-in leaves). */
  signIn(): void;
  /** Every request sent, as `METHOD /path?query`. */
  readonly sent: string[];
  /** Restores the globals the browser replaced. */
  uninstall(): void;
}

export interface BrowserOptions {
  /** The API built from this registry, for a test with its own families (default: the function files, routed as Netlify does). */
  registry?: ApiRegistry;
  /** The page the admin is on (default: the admin's home content screen). */
  page?: string;
}

const ADMIN_IP = '198.51.100.7';

export function installAdminBrowser(api: Api, options: BrowserOptions = {}): AdminBrowser {
  let cookie: string | null = null;
  const sent: string[] = [];
  const custom = options.registry ? netlifyFunction(apiHandler(options.registry), () => api.deps) : null;

  /** Sends one request the way the browser would (same origin, the jar's cookie) and keeps any cookie change. */
  async function send(url: string, init: { method: string; headers: Headers; body?: BodyInit | null }) {
    const target = new URL(url, ORIGIN);
    if (target.origin !== ORIGIN) throw new TypeError(`Only the site's own origin is served: ${url}`);
    const path = `${target.pathname}${target.search}`;
    sent.push(`${init.method} ${path}`);
    const headers: Record<string, string> = Object.fromEntries(init.headers);
    const body = init.body ?? undefined;
    let response: Response;
    if (custom) {
      await api.ready();
      const request = new Request(target, {
        method: init.method,
        headers: {
          ...headers,
          ...(init.method === 'GET' ? {} : { Origin: ORIGIN }),
          ...(cookie ? { Cookie: `${SESSION_COOKIE_NAME}=${cookie}` } : {}),
        },
        body,
      });
      response = await custom(request, { ip: ADMIN_IP });
    } else {
      response = await api.call(path, {
        method: init.method,
        headers,
        body,
        session: cookie ?? undefined,
        ip: ADMIN_IP,
      });
    }
    for (const set of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = set.split(';').map((part) => part.trim());
      const [name, value = ''] = pair.split('=');
      if (name !== SESSION_COOKIE_NAME) continue;
      const cleared = value === '' || attributes.some((attribute) => /^max-age=0$/i.test(attribute));
      cookie = cleared ? null : value;
    }
    return response;
  }

  // The API's own clients (the Blobs store's) use fetch too: only the site's origin is the admin's.
  const realFetch = globalThis.fetch;
  const fetchInProcess = async (input: string | URL | Request, init: RequestInit = {}) => {
    const request = input instanceof Request ? input : null;
    const url = request ? request.url : String(input);
    if (new URL(url, ORIGIN).origin !== ORIGIN) return realFetch(input, init);
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    return send(url, {
      method: (init.method ?? request?.method ?? 'GET').toUpperCase(),
      headers: new Headers(init.headers ?? request?.headers),
      body: init.body ?? (request ? await request.arrayBuffer() : undefined),
    });
  };

  /** The part of XMLHttpRequest the admin's uploadForm uses, over the same in-process transport. */
  class InProcessXhr {
    status = 0;
    responseText = '';
    timeout = 0;
    readonly upload = new Listeners();
    private readonly events = new Listeners();
    private method = 'GET';
    private url = '';
    private readonly headers = new Headers();
    private response: Response | null = null;

    open(method: string, url: string) {
      this.method = method.toUpperCase();
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers.set(name, value);
    }
    addEventListener(type: string, listener: (event: unknown) => void) {
      this.events.addEventListener(type, listener);
    }
    getResponseHeader(name: string) {
      return this.response?.headers.get(name) ?? null;
    }
    send(body: XMLHttpRequestBodyInit | null = null) {
      void (async () => {
        let response: Response;
        try {
          response = await send(this.url, { method: this.method, headers: this.headers, body });
        } catch {
          this.events.emit('error', {});
          return;
        }
        // The whole body has been handed over: one progress event, as a fast upload reports it.
        const size = body instanceof FormData ? (await new Response(body).arrayBuffer()).byteLength : 1;
        this.upload.emit('progress', { lengthComputable: true, loaded: size, total: size });
        this.response = response;
        this.status = response.status;
        this.responseText = await response.text();
        this.events.emit('load', {});
      })();
    }
  }

  vi.stubGlobal('fetch', fetchInProcess);
  vi.stubGlobal('XMLHttpRequest', InProcessXhr);
  vi.stubGlobal('location', new URL(options.page ?? '/deltaadmin/home-content', ORIGIN));

  return {
    get cookie() {
      return cookie;
    },
    signIn() {
      cookie = api.session();
    },
    sent,
    uninstall() {
      vi.unstubAllGlobals();
    },
  };
}

class Listeners {
  private readonly listeners = new Map<string, ((event: unknown) => void)[]>();
  addEventListener(type: string, listener: (event: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, event: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

/** Resolves with the atom's value once `ready` holds for it (stores reload in the background after a change). */
export function until<T>(
  store: ReadableAtom<T>,
  ready: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`Timed out waiting for the store; last value: ${JSON.stringify(store.get())}`));
    }, timeoutMs);
    const stop = store.subscribe((value) => {
      if (!ready(value)) return;
      clearTimeout(timer);
      // subscribe calls back synchronously with the current value: stop once it has returned.
      queueMicrotask(() => stop());
      resolve(value);
    });
  });
}

/** A real PNG picture as the admin's file input hands it over (generated by the server's test fixtures). */
export async function pictureFile(name: string, width: number, height: number): Promise<File> {
  return new File([new Uint8Array(await pngWithAlpha(width, height))], name, { type: 'image/png' });
}

/**
 * The hooks every admin store test shares: one in-process API per file (seeded once by `seed`), and for each test
 * a fresh browser holding a signed-in session (and, unless `flag` is false, the spec's `adminLoggedIn` flag).
 * Read `admin.api` and `admin.browser` inside the tests; a test may swap in another browser (afterEach uninstalls
 * whichever is current).
 */
export function signedInAdminPerTest(
  options: {
    seed?: (api: Api) => Promise<void>;
    browser?: BrowserOptions;
    flag?: boolean;
    /** Server variables beside the harness's own (a build hook and deploy budget, issue 26). */
    env?: Record<string, string>;
    /** The API over a real redis-server (default: Blobs): for a seed of thousands of requests, written fast. */
    redis?: boolean;
  } = {},
): { readonly api: Api; browser: AdminBrowser } {
  const admin = {} as { api: Api; browser: AdminBrowser };
  let stop: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    const apiOptions = options.env ? { env: options.env } : {};
    if (options.redis) ({ api: admin.api, stop } = await startApiOn('redis', 'admin', apiOptions));
    else {
      admin.api = await startApi(apiOptions);
      stop = () => admin.api.stop();
    }
    await options.seed?.(admin.api);
  });
  afterAll(() => stop());
  beforeEach(() => {
    admin.browser = installAdminBrowser(admin.api, options.browser);
    admin.browser.signIn();
    if (options.flag !== false) $adminLoggedIn.set('true');
  });
  afterEach(() => admin.browser.uninstall());
  return admin;
}
