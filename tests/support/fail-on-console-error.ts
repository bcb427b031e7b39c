import { afterAll, afterEach, vi } from 'vitest';
import { restartIdClock } from '../../src/server/repository/ids.ts';

// An unexpected console.error is a defect: fail the test that caused it (docs/design.md (Style) practice 9).
// A test that expects one spies on console.error itself (vi.spyOn(...).mockImplementation(...)).
// The node project runs its files one after another in each worker without a fresh module graph (vitest.config.ts):
// this file runs before each of them, so the recorder is installed once per worker and read by every file.
const RECORDER = Symbol.for('delta.consoleErrorRecorder');
type Recorder = { logged: unknown[][] };
const scope = globalThis as typeof globalThis & { [RECORDER]?: Recorder };
const recorder = (scope[RECORDER] ??= (() => {
  const installed: Recorder = { logged: [] };
  const original = console.error;
  console.error = (...args: unknown[]) => {
    installed.logged.push(args);
    original(...args);
  };
  return installed;
})());

afterEach(() => {
  const calls = recorder.logged;
  recorder.logged = [];
  if (vi.isMockFunction(console.error)) return;
  if (calls.length > 0) {
    throw new Error(
      `Unexpected console.error: ${calls.map((args) => args.map(String).join(' ')).join('\n')}`,
    );
  }
});

// Nothing a file stubs, spies on, fakes or runs its clock ahead for reaches the next file the worker runs.
afterAll(() => {
  restartIdClock();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.useRealTimers();
});
