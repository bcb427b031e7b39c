/**
 * One bundle per function and source version, instead of one per request.
 *
 * @netlify/dev 5 (through @netlify/functions-dev 2.0.8) bundles the matched function again for every request,
 * into a per-request directory that it deletes afterwards (netlify/primitives#199: made for its Vite plugin,
 * which watches no files). Each API call then pays a zip-it-and-ship-it build — esbuild plus a copy of the
 * function's node_modules, sharp's libvips included — which made an API call cost ≈ 250 ms on an idle machine
 * and tens of seconds on a busy one, and dominated the e2e suite's wall time.
 *
 * NetlifyDev as the runner starts it also builds every function once at start-up into .netlify/functions-serve
 * and rebuilds it there whenever one of its source files changes (its file watcher). So a request only has to
 * wait for that build: without a build directory, a function's invoke() does exactly that (awaits the current
 * build and runs its output). Functions that were never built (no start-up build) keep the library's behaviour.
 *
 * It also notes that handler at its first match, so the runner can wait for the start-up builds to finish
 * (functionBuildsDone) before it says it is ready.
 *
 * The patch reaches NetlifyFunction through the FunctionsHandler class that @netlify/dev itself imports; both
 * packages are pinned, and the check below fails loudly if the internals it relies on move.
 */
import { FunctionsHandler } from '@netlify/functions-dev';

interface InvokeOptions {
  buildDirectory?: string;
  [option: string]: unknown;
}
interface NetlifyFunctionLike {
  buildQueue?: Promise<unknown>;
  invoke(options: InvokeOptions): Promise<Response>;
}
/** The parts of a FunctionsHandler that say when its start-up builds are done. */
interface HandlerLike {
  scan?: Promise<unknown>;
  registry?: { functions?: Map<string, NetlifyFunctionLike> };
}
type HandlerMatch = (this: HandlerLike, ...args: unknown[]) => Promise<unknown>;
type HandlerInvoke = (
  this: unknown,
  request: Request,
  route: unknown,
  func: NetlifyFunctionLike,
  ...rest: unknown[]
) => Promise<Response>;

const patched = new WeakSet<object>();
/** The FunctionsHandler NetlifyDev made, seen at its first match (NetlifyDev keeps it private). */
let handlerSeen: HandlerLike | null = null;
const remember = (handler: HandlerLike) => (handlerSeen = handler);

export function reuseFunctionBuilds(): void {
  const handlerPrototype = FunctionsHandler.prototype as unknown as { invoke?: HandlerInvoke };
  const handlerInvoke = handlerPrototype.invoke;
  if (typeof handlerInvoke !== 'function') {
    throw new Error('@netlify/functions-dev changed: FunctionsHandler.prototype.invoke is gone');
  }
  if (patched.has(handlerPrototype)) return;
  patched.add(handlerPrototype);
  const matchPrototype = FunctionsHandler.prototype as unknown as { match?: HandlerMatch };
  const handlerMatch = matchPrototype.match;
  if (typeof handlerMatch !== 'function') {
    throw new Error('@netlify/functions-dev changed: FunctionsHandler.prototype.match is gone');
  }
  matchPrototype.match = function (...args) {
    remember(this);
    return handlerMatch.apply(this, args);
  };
  handlerPrototype.invoke = function (request, route, func, ...rest) {
    const functionPrototype = Object.getPrototypeOf(func) as NetlifyFunctionLike;
    if (!patched.has(functionPrototype)) {
      patched.add(functionPrototype);
      const functionInvoke = functionPrototype.invoke;
      functionPrototype.invoke = function (this: NetlifyFunctionLike, options: InvokeOptions) {
        return functionInvoke.call(
          this,
          this.buildQueue ? { ...options, buildDirectory: undefined } : options,
        );
      };
    }
    return handlerInvoke.call(this, request, route, func, ...rest);
  };
}

/**
 * Resolves once NetlifyDev's start-up builds of every function are over (built or failed). They run on the
 * runner's own thread (dependency tracing, copying sharp's libvips) and on a busy machine take up to a minute after
 * start(): until then every request, and every store call of the runner's scheduled ticks, waits behind them —
 * which on a first start timed the ticks out. `ask` makes one request through NetlifyDev, so its handler shows.
 */
export async function functionBuildsDone(ask: () => Promise<unknown>): Promise<void> {
  // Whatever it answers (in --dev, astro's server may not be up yet): only the match it went through counts.
  await ask().catch(() => undefined);
  const handler = handlerSeen;
  if (!handler) throw new Error('@netlify/functions-dev changed: no FunctionsHandler matched the request');
  await handler.scan;
  const functions = [...(handler.registry?.functions?.values() ?? [])];
  await Promise.allSettled(functions.map((func) => func.buildQueue));
}
