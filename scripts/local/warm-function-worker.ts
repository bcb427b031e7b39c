/**
 * The warm worker behind scripts/local/warm-functions.ts: does what @netlify/functions-dev's per-request
 * dist/worker.js does — import the function's entry, run one event through lambda-local — but for every request
 * it is sent, with the module loaded once, as a deployed function's warm instance would.
 *
 * A streamed body is read whole and sent back as bytes (the library's worker opens a TCP server per response
 * for it); the API's responses are small and the local runner compresses them afterwards anyway.
 */
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import { quietExpectedWarnings } from './quiet-warnings.ts';

interface Invocation {
  id: number;
  workerData: {
    clientContext: string;
    entryFilePath: string;
    environment?: Record<string, string>;
    event: unknown;
    timeoutMs: number;
  };
}
/** What the worker answers for one invocation: the lambda response, or what went wrong. */
export type Settled = { id: number; result: unknown } | { id: number; error: FailureDescription };
type FailureDescription = { name: string; message: string; stack?: string };

interface LambdaResult {
  statusCode?: number;
  body?: unknown;
  [field: string]: unknown;
}
interface LambdaLocal {
  getLogger(): { level: string };
  execute(options: Record<string, unknown>): Promise<LambdaResult>;
}

// lambda-local is the library's own dependency: load the copy it would load.
const fromLibrary = createRequire(import.meta.resolve('@netlify/functions-dev'));
const lambdaLocal = fromLibrary('lambda-local') as LambdaLocal;
(fromLibrary('source-map-support') as { install(): void }).install();
lambdaLocal.getLogger().level = 'alert';
quietExpectedWarnings();

/** Statuses whose responses carry no body (undici's list, as in the library's worker). */
const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);

const isStream = (body: unknown): body is AsyncIterable<Uint8Array> =>
  typeof (body as { pipe?: unknown } | null)?.pipe === 'function';

async function bodyBytes(result: LambdaResult): Promise<LambdaResult> {
  if (!isStream(result.body)) return result;
  const chunks: Buffer[] = [];
  for await (const chunk of result.body) chunks.push(Buffer.from(chunk));
  return {
    ...result,
    body: NULL_BODY_STATUS.has(result.statusCode ?? 200) ? undefined : Buffer.concat(chunks),
  };
}

async function invoke({ workerData }: Invocation): Promise<LambdaResult> {
  const { clientContext, entryFilePath, environment = {}, event, timeoutMs } = workerData;
  for (const [key, value] of Object.entries(environment)) process.env[key] = value;
  const lambdaFunc: unknown = await import(entryFilePath);
  const result = await lambdaLocal.execute({
    clientContext,
    event,
    lambdaFunc,
    region: 'dev',
    timeoutMs,
    verboseLevel: 3,
  });
  return bodyBytes(result);
}

/** lambda-local fails with an Error or with a lambda error object ({ errorType, errorMessage, stackTrace }). */
function describe(error: unknown): FailureDescription {
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
  const lambdaError = error as { errorType?: string; errorMessage?: string; stackTrace?: string[] } | null;
  if (typeof lambdaError?.errorMessage === 'string') {
    return {
      name: lambdaError.errorType ?? 'Error',
      message: lambdaError.errorMessage,
      stack: lambdaError.stackTrace?.join('\n'),
    };
  }
  return { name: 'Error', message: String(error) };
}

parentPort?.on('message', (invocation: Invocation) => {
  invoke(invocation).then(
    (result) => parentPort?.postMessage({ id: invocation.id, result } satisfies Settled),
    (error: unknown) => {
      parentPort?.postMessage({ id: invocation.id, error: describe(error) } satisfies Settled);
    },
  );
});
