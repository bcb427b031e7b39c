/**
 * The state of a staff tool that shows what it loaded and changes it (Account, Team): the loaded data (null
 * until it arrives), whether the load failed, and `run`, which performs one change — busy while it runs, its
 * success text or the server's reason (else `fallback`) as the notice — and loads again when it worked.
 */
import { useCallback, useEffect, useState } from 'react';
import type { Notice } from '../stores/content-store.ts';
import { failureText } from '../api/admin-api.ts';

export function useReloadingActions<T>(load: () => Promise<T>) {
  const [data, setData] = useState<T | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(
    () =>
      load().then(
        (loaded) => {
          setData(loaded);
          setLoadFailed(false);
        },
        () => setLoadFailed(true),
      ),
    [load],
  );

  useEffect(() => {
    void reload();
  }, [reload]);

  async function run(action: () => Promise<string>, fallback: string): Promise<boolean> {
    setBusy(true);
    try {
      setNotice({ kind: 'success', text: await action() });
      await reload();
      return true;
    } catch (error) {
      setNotice({ kind: 'error', text: failureText(error, fallback) });
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { data, loadFailed, notice, setNotice, busy, run };
}
