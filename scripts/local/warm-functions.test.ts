/**
 * The local runner's warm functions (warm-functions.ts), driven the way @netlify/functions-dev drives its
 * per-request worker: `new Worker(<its worker.js>, { workerData })`, one 'message' or one 'error' back. Real
 * worker threads and the library's own lambda-local; the e2e suite covers the whole chain through @netlify/dev.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepFunctionsWarm } from './warm-functions.ts';

const LIBRARY_WORKER = new URL('worker.js', import.meta.resolve('@netlify/functions-dev'));

/** A function whose module state counts its invocations: 1 on every call means a cold start each time. */
const COUNTING_FUNCTION = `
let invocations = 0;
export const handler = async (event) => {
  invocations += 1;
  if (event.path === '/throw') throw new Error('the function failed');
  return { statusCode: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ invocations }) };
};
`;
/** Streams its answer the way a bundled v2 function's bootstrap does (lambda-local's awslambda polyfill). */
const STREAMING_FUNCTION = `
export const handler = awslambda.streamifyResponse(async (event, stream) => {
  const response = awslambda.HttpResponseStream.from(stream, { statusCode: 201, headers: { 'x-kind': 'stream' } });
  response.write('hello ');
  response.end('world');
});
`;

interface LambdaAnswer {
  statusCode: number;
  headers?: Record<string, string>;
  body?: unknown;
}

function invoke(entry: string, path = '/'): Promise<LambdaAnswer> {
  const worker = new Worker(LIBRARY_WORKER, {
    workerData: {
      clientContext: '{}',
      entryFilePath: pathToFileURL(entry).href,
      environment: {},
      event: { path, httpMethod: 'GET', headers: {}, body: null, isBase64Encoded: false },
      timeoutMs: 10_000,
    },
  });
  return new Promise((resolve, reject) => {
    worker.on('message', resolve);
    worker.on('error', reject);
  });
}

const bodyText = (answer: LambdaAnswer) =>
  typeof answer.body === 'string' ? answer.body : Buffer.from(answer.body as Uint8Array).toString();
const invocations = async (entry: string) =>
  (JSON.parse(bodyText(await invoke(entry))) as { invocations: number }).invocations;

describe('warm functions', () => {
  const root = mkdtempSync(join(tmpdir(), 'warm-functions-'));
  const warmDirectory = join(root, 'functions-serve');
  const warmEntry = join(warmDirectory, 'api', 'entry.mjs');
  const streamingEntry = join(warmDirectory, 'stream', 'entry.mjs');
  const elsewhereEntry = join(root, 'per-request', 'entry.mjs');

  beforeAll(() => {
    for (const [file, source] of [
      [warmEntry, COUNTING_FUNCTION],
      [streamingEntry, STREAMING_FUNCTION],
      [elsewhereEntry, COUNTING_FUNCTION],
    ] as const) {
      mkdirSync(join(file, '..'), { recursive: true });
      writeFileSync(file, source);
    }
    keepFunctionsWarm(warmDirectory);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('keeps a built function loaded between requests, as a deployed instance stays warm', async () => {
    const first = await invoke(warmEntry);
    expect(first.statusCode).toBe(200);
    expect(first.headers?.['content-type']).toBe('application/json');
    expect(JSON.parse(bodyText(first))).toEqual({ invocations: 1 });
    expect(await invocations(warmEntry)).toBe(2);
    // Concurrent requests share the instance too.
    const together = await Promise.all([invoke(warmEntry), invoke(warmEntry), invoke(warmEntry)]);
    expect(together.map((answer) => JSON.parse(bodyText(answer)) as unknown)).toHaveLength(3);
    expect(await invocations(warmEntry)).toBe(6);
  });

  it('starts afresh when the function is rebuilt (a new entry file)', async () => {
    expect(await invocations(warmEntry)).toBeGreaterThan(1);
    const later = new Date(Date.now() + 5_000);
    utimesSync(warmEntry, later, later);
    expect(await invocations(warmEntry)).toBe(1);
  });

  it('reads a streamed answer whole, with its status and headers', async () => {
    const answer = await invoke(streamingEntry);
    expect(answer.statusCode).toBe(201);
    expect(answer.headers?.['x-kind']).toBe('stream');
    expect(bodyText(answer)).toBe('hello world');
  });

  it("reports a function's failure as the library's worker does, and keeps serving", async () => {
    await expect(invoke(warmEntry, '/throw')).rejects.toThrow('the function failed');
    expect(await invocations(warmEntry)).toBeGreaterThan(1);
  });

  it('leaves a function bundled outside the build directory to a cold worker per request', async () => {
    expect(await invocations(elsewhereEntry)).toBe(1);
    expect(await invocations(elsewhereEntry)).toBe(1);
  });
});
