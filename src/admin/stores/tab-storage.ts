/**
 * This tab's sessionStorage, for what must survive the trip to the login page and back: where the
 * admin was and what they had typed. Storage can be unavailable (privacy modes, full quota): then nothing is
 * kept, and the admin works as before.
 */
export function readTab(key: string): string | null {
  try {
    return globalThis.sessionStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeTab(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.sessionStorage?.removeItem(key);
    else globalThis.sessionStorage?.setItem(key, value);
  } catch {
    // Best effort (see above).
  }
}

/** Reads a value once: it is removed as it is read. */
export function takeTab(key: string): string | null {
  const value = readTab(key);
  if (value !== null) writeTab(key, null);
  return value;
}
