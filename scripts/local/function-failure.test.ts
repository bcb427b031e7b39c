/**
 * A function that outlives its time limit, through a real @netlify/dev (its own functions handler and lambda-local
 * time-out, its static files and netlify.toml header rules) on a small project of its own with a 1-second limit:
 * the runner's front door recognises the failure and answers the site's 500 page with the security headers, or
 * the API's JSON, and nothing of the error's stack or the machine's paths. A function's own 500 passes untouched.
 */
import type { NetlifyDev } from '@netlify/dev';
import { localNetlifyDev } from './netlify-dev.ts';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/lib/api-messages.ts';
import { serverError } from '../../src/server/http/respond.ts';
import { failureAnswer, isFunctionFailure } from './front-door.ts';

const PAGE = '<!doctype html><title>Something went wrong</title><h1>Something went wrong</h1>';
/** What @netlify/functions-dev's own page shows of a failure, none of which may reach a visitor. */
const LEAKS = /TimeoutError|timed out|node_modules|\/tmp\/|\/work\/|lambda-local|\bat\s+\S+\s+\(/;

interface Config {
  siteInfo?: Record<string, unknown>;
}

/**
 * Gives `dev` the time limit Netlify takes from the site's settings (offline here, so the 30-second default
 * without this): start() reads the configuration through its own getConfig, shadowed here on the instance.
 */
function limitFunctionsToOneSecond(dev: NetlifyDev): void {
  const own = dev as unknown as { getConfig(): Promise<Config> };
  const read = own.getConfig.bind(dev);
  Object.assign(own, {
    getConfig: async (): Promise<Config> => {
      const config = await read();
      return { ...config, siteInfo: { ...config.siteInfo, functions_timeout: 1 } };
    },
  });
}

describe('a function that fails outright', () => {
  const root = mkdtempSync(join(tmpdir(), 'function-failure-'));
  let dev: NetlifyDev;

  beforeAll(async () => {
    mkdirSync(join(root, 'netlify/functions'), { recursive: true });
    mkdirSync(join(root, 'public'), { recursive: true });
    writeFileSync(join(root, 'public/500.html'), PAGE);
    // The project's own header rules, over this project's files.
    const rules = readFileSync(join(import.meta.dirname, '../../netlify.toml'), 'utf8');
    writeFileSync(
      join(root, 'netlify.toml'),
      `[build]\n  publish = "public"\n\n${rules.slice(rules.indexOf('[[headers]]'))}`,
    );
    writeFileSync(
      join(root, 'netlify/functions/slow.mjs'),
      "export default () => new Promise(() => {});\nexport const config = { path: '/api/slow' };\n",
    );
    // A function's own 500, as the project's functions answer one (with X-Content-Type-Options).
    writeFileSync(
      join(root, 'netlify/functions/own-error.mjs'),
      `export default () => new Response('{"success":false}', { status: 500, headers: { 'content-type': 'application/json', 'x-content-type-options': 'nosniff' } });\nexport const config = { path: '/api/own-error' };\n`,
    );
    dev = localNetlifyDev(root, null);
    limitFunctionsToOneSecond(dev);
    await dev.start();
  }, 60_000);
  afterAll(async () => {
    await dev?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  /** As scripts/serve.ts answers: @netlify/dev's match, and the 500 page as the runner serves /500.html. */
  async function answer(path: string, accept: string) {
    const match = await dev.handleAndIntrospect(
      new Request(`http://localhost${path}`, { headers: { accept } }),
    );
    if (!match || !isFunctionFailure(match)) return { failed: false, response: match?.response, leaked: '' };
    const leaked = await match.response.text();
    const page = await dev.handle(new Request('http://localhost/500.html'));
    return { failed: true, response: await failureAnswer(accept, { page, json: serverError() }), leaked };
  }

  it("answers a page load with the site's 500 page and netlify.toml's security headers, nothing of the error", async () => {
    const { failed, response, leaked } = await answer(
      '/api/slow',
      'text/html,application/xhtml+xml,*/*;q=0.8',
    );
    expect(failed).toBe(true);
    // What the platform's own page would have shown.
    expect(leaked).toMatch(LEAKS);
    expect(response?.status).toBe(500);
    expect(response?.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response?.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response?.headers.get('x-frame-options')).toBe('DENY');
    expect(response?.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response?.headers.get('strict-transport-security')).toContain('max-age=');
    expect(response?.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response?.headers.get('cache-control')).toBe('no-store');
    const html = await response?.text();
    expect(html).toBe(PAGE);
    expect(html).not.toMatch(LEAKS);
  }, 30_000);

  it("answers a fetch with the API's JSON for an unexpected failure, with the same headers", async () => {
    const { failed, response } = await answer('/api/slow', '*/*');
    expect(failed).toBe(true);
    expect(response?.status).toBe(500);
    expect(response?.headers.get('content-type')).toContain('application/json');
    expect(response?.headers.get('x-frame-options')).toBe('DENY');
    expect(response?.headers.get('cache-control')).toBe('no-store');
    const text = (await response?.text()) ?? '';
    expect(JSON.parse(text)).toEqual({ success: false, message: API.unexpected });
    expect(text).not.toMatch(LEAKS);
  }, 30_000);

  it("leaves a function's own 500 as the function answered it", async () => {
    const { failed, response } = await answer('/api/own-error', 'text/html');
    expect(failed).toBe(false);
    expect(response?.status).toBe(500);
    expect(await response?.text()).toBe('{"success":false}');
  }, 30_000);
});
