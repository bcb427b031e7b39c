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
type HandlerInvoke = (
  this: unknown,
  request: Request,
  route: unknown,
  func: NetlifyFunctionLike,
  ...rest: unknown[]
) => Promise<Response>;

const patched = new WeakSet<object>();

export function reuseFunctionBuilds(): void {
  const handlerPrototype = FunctionsHandler.prototype as unknown as { invoke?: HandlerInvoke };
  const handlerInvoke = handlerPrototype.invoke;
  if (typeof handlerInvoke !== 'function') {
    throw new Error('@netlify/functions-dev changed: FunctionsHandler.prototype.invoke is gone');
  }
  if (patched.has(handlerPrototype)) return;
  patched.add(handlerPrototype);
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
