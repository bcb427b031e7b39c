/** JSON helpers every layer shares: untrusted bodies are `unknown` until checked. */

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The parsed value of a response body; null for an empty or unparsable one (the caller decides what that means). */
export function parseJsonOrNull(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
