/**
 * Warm functions: one long-lived worker per built function, instead of a new worker thread per request.
 *
 * @netlify/functions-dev runs every invocation of a v2 function in a fresh worker thread that loads lambda-local
 * and the function's bundle, runs one request and exits, then streams the body back over a new TCP socket. That
 * costs ≈ 150 ms per call on an idle machine — a cold start on every request, which Netlify itself does not
 * pay: a deployed function's instance stays warm between requests, with its module state kept. Every admin
 * screen makes several calls, so this latency dominated the e2e suite's wall time and the runner's feel.
 *
 * The library creates its worker with `new Worker(<its worker.js>, { workerData })` and only listens for one
 * 'message' (the lambda response) or 'error'. This replaces worker_threads' Worker, for that one script only,
 * with a stand-in that hands the same workerData to a warm worker (warm-function-worker.ts) and answers the same
 * way, so the library's request and response conversion stays its own. Any other Worker is the real one.
 *
 * Only bundles in the runner's start-up build directory are kept warm (a rebuild rewrites the entry file, and
 * a new mtime starts a new worker); a function bundled per request elsewhere keeps the library's cold worker.
 */
import { EventEmitter } from 'node:events';
import { statSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import workerThreads from 'node:worker_threads';
import type { Settled } from './warm-function-worker.ts';

/** What @netlify/functions-dev passes its per-request worker (dist/worker.js). */
interface InvocationData {
  entryFilePath: string;
  [field: string]: unknown;
}

const RealWorker = workerThreads.Worker;
const LIBRARY_WORKER = new URL('worker.js', import.meta.resolve('@netlify/functions-dev')).href;
const WARM_WORKER = new URL('./warm-function-worker.ts', import.meta.url);

/** One warm worker for one build of one function; replaced when the build changes or the worker dies. */
class WarmFunction {
  private readonly worker: workerThreads.Worker;
  private readonly pending = new Map<number, (settled: Settled) => void>();
  private nextId = 0;
  private retired = false;
  dead = false;
  readonly version: number;

  constructor(version: number) {
    this.version = version;
    this.worker = new RealWorker(WARM_WORKER);
    this.worker.unref();
    this.worker.on('message', (settled: Settled) => {
      this.pending.get(settled.id)?.(settled);
      this.pending.delete(settled.id);
      this.retireIfIdle();
    });
    const fail = (error: Error) => {
      this.dead = true;
      for (const [id, settle] of this.pending) {
        settle({ id, error: { name: error.name, message: error.message, stack: error.stack } });
      }
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`the function's worker exited (code ${code})`)));
  }

  invoke(workerData: InvocationData): Promise<Settled> {
    const id = this.nextId++;
    return new Promise((settle) => {
      this.pending.set(id, settle);
      this.worker.postMessage({ id, workerData });
    });
  }

  /** Lets requests already sent to an older build finish before its worker goes. */
  retire(): void {
    this.retired = true;
    this.retireIfIdle();
  }

  private retireIfIdle(): void {
    if (this.retired && this.pending.size === 0) void this.worker.terminate();
  }
}

const warm = new Map<string, WarmFunction>();

function warmFunctionFor(entryFilePath: string): WarmFunction {
  const version = statSync(entryFilePath).mtimeMs;
  const current = warm.get(entryFilePath);
  if (current && !current.dead && current.version === version) return current;
  current?.retire();
  const fresh = new WarmFunction(version);
  warm.set(entryFilePath, fresh);
  return fresh;
}

/** Answers like the library's worker: one 'message' with the lambda response, or one 'error'. */
class WarmInvocation extends EventEmitter {
  constructor(workerData: InvocationData) {
    super();
    void warmFunctionFor(fileURLToPath(workerData.entryFilePath))
      .invoke(workerData)
      .then((settled) => {
        if ('result' in settled) this.emit('message', settled.result);
        else this.emit('error', Object.assign(new Error(settled.error.message), settled.error));
      });
  }
}

let installed = false;

/** Keeps the functions built into `buildDirectory` (NetlifyDev's start-up builds) warm between requests. */
export function keepFunctionsWarm(buildDirectory: string): void {
  if (installed) return;
  installed = true;
  const warmRoot = buildDirectory.endsWith(sep) ? buildDirectory : buildDirectory + sep;
  function Worker(script: string | URL, options?: workerThreads.WorkerOptions): object {
    const workerData = options?.workerData as InvocationData | undefined;
    const isInvocation = String(script) === LIBRARY_WORKER && typeof workerData?.entryFilePath === 'string';
    if (isInvocation && fileURLToPath(workerData.entryFilePath).startsWith(warmRoot)) {
      return new WarmInvocation(workerData);
    }
    return new RealWorker(script, options);
  }
  Worker.prototype = RealWorker.prototype;
  // The library imported Worker by name; syncing the builtin's ESM exports makes that binding this one.
  (workerThreads as { Worker: unknown }).Worker = Worker;
  syncBuiltinESMExports();
}
