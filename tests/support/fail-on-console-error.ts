import { afterEach, vi } from 'vitest';

// An unexpected console.error is a defect: fail the test that caused it (docs/design.md (Style) practice 9).
// A test that expects one spies on console.error itself (vi.spyOn(...).mockImplementation(...)).
const original = console.error;
let logged: unknown[][] = [];
console.error = (...args: unknown[]) => {
  logged.push(args);
  original(...args);
};

afterEach(() => {
  const calls = logged;
  logged = [];
  if (vi.isMockFunction(console.error)) return;
  if (calls.length > 0) {
    throw new Error(
      `Unexpected console.error: ${calls.map((args) => args.map(String).join(' ')).join('\n')}`,
    );
  }
});
