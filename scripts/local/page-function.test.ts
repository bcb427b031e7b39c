import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { answersNothing, isPageRequest, localPageFunction, pageRequest } from './page-function.ts';

const dir = mkdtempSync(join(tmpdir(), 'page-function-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A page function as the adapter writes one: a module whose default export answers a fetch Request. */
function writeFunction(name: string, label: string): string {
  const file = join(dir, `${name}.mjs`);
  writeFileSync(
    file,
    `export default async (request, context) => new Response(${JSON.stringify(label)} + ' ' + new URL(request.url).pathname + ' ' + request.headers.get('accept') + ' ' + context.ip);`,
  );
  return file;
}

const nodeRequest = (url: string, method = 'GET') =>
  ({
    url,
    method,
    headers: { accept: 'text/html', host: 'localhost:4510' },
    socket: { remoteAddress: '127.0.0.1' },
  }) as unknown as http.IncomingMessage;

describe('the local page function', () => {
  it('answers what @netlify/dev found nothing for: no match, or its own static 404', () => {
    const answer = (status: number, type: string) => ({ response: new Response(null, { status }), type });
    expect(answersNothing(undefined)).toBe(true);
    expect(answersNothing(answer(404, 'static'))).toBe(true);
    expect(answersNothing(answer(200, 'static'))).toBe(false);
    expect(answersNothing(answer(404, 'function'))).toBe(false);
    expect(answersNothing(answer(301, 'redirect'))).toBe(false);
    expect(isPageRequest('GET')).toBe(true);
    expect(isPageRequest('HEAD')).toBe(true);
    expect(isPageRequest('POST')).toBe(false);
  });

  it('hands the function the request for the runner’s own address, with its headers', () => {
    const request = pageRequest(nodeRequest('/courses/x?y=1'), 'http://localhost:4510');
    expect(request.url).toBe('http://localhost:4510/courses/x?y=1');
    expect(request.headers.get('accept')).toBe('text/html');
  });

  it("renders through the latest build's function, loading a new build's on its first request", async () => {
    let file: string | undefined;
    const pages = localPageFunction(() => file);
    expect(await pages.render(nodeRequest('/'), 'http://localhost:4510')).toBeUndefined();
    file = writeFunction('build-1', 'first');
    expect(await (await pages.render(nodeRequest('/about'), 'http://localhost:4510'))?.text()).toBe(
      'first /about text/html 127.0.0.1',
    );
    file = writeFunction('build-2', 'second');
    expect(await (await pages.render(nodeRequest('/about'), 'http://localhost:4510'))?.text()).toBe(
      'second /about text/html 127.0.0.1',
    );
  });
});
