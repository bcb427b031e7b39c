import { useCallback, useState } from 'react';

export type SubmitPhase = 'idle' | 'submitting' | 'success' | 'error';

export interface SubmitState {
  phase: SubmitPhase;
  message: string | null;
}

/**
 * The form states of spec section 4: idle → submitting (button disabled) → success or error. `send` returns the
 * success message or throws; `describe` turns a failure into the message to show.
 */
export function useSubmit(describe: (error: unknown) => string) {
  const [state, setState] = useState<SubmitState>({ phase: 'idle', message: null });
  const submit = useCallback(
    async (send: () => Promise<string>): Promise<boolean> => {
      setState({ phase: 'submitting', message: null });
      try {
        setState({ phase: 'success', message: await send() });
        return true;
      } catch (error) {
        setState({ phase: 'error', message: describe(error) });
        return false;
      }
    },
    [describe],
  );
  const fail = useCallback((message: string) => setState({ phase: 'error', message }), []);
  const clear = useCallback(
    () =>
      setState((current) =>
        current.phase === 'submitting' || current.message === null
          ? current
          : { phase: 'idle', message: null },
      ),
    [],
  );
  return { state, submit, fail, clear };
}

/**
 * Milliseconds since the form appeared (sent as FILL_TIME_FIELD): the server treats a submission faster than a
 * person can type as a bot's. Counted from mount, not first keystroke, so autofill never looks like a script.
 */
export function useFillTime(): () => number {
  const [shownAt] = useState(() => performance.now());
  return useCallback(() => Math.round(performance.now() - shownAt), [shownAt]);
}
