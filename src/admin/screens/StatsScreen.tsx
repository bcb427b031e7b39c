/** Stats (spec section 2): the current total-courses number and a form to update it. */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { statsFamily } from '../../lib/collections.ts';
import { CATALOGUE, CONFIRM } from '../../lib/staff-messages.ts';
import { fieldErrors } from '../../lib/schemas.ts';
import { FORM, STATS } from '../admin-copy.ts';
import { adminKindOf, singletonForm } from '../fields/index.ts';
import { BackupDownload } from '../parts/BackupDownload.tsx';
import { NoticeArea } from '../parts/NoticeArea.tsx';
import { createStatsStore } from '../stores/stats-store.ts';

/** The one field, drawn by its kind's input (its label is the spec's). */
const [TOTAL] = statsFamily.fields;
const { Input } = adminKindOf(TOTAL);
const FORM_CONTEXT = singletonForm();

/** Spec section 5: a non-numeric value becomes 0. */
const toNumber = (text: string) => {
  const value = Number(text.trim());
  return text.trim() === '' || !Number.isFinite(value) ? 0 : value;
};

export default function StatsScreen() {
  const store = useMemo(() => createStatsStore(), []);
  const stats = useStore(store.$stats);
  const saving = useStore(store.$saving);
  const banner = useStore(store.$banner);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const id = useId();

  const catalogueCourses = useStore(store.$catalogueCourses);

  useEffect(() => {
    void store.load();
    void store.loadCatalogue();
    return store.clearBanner;
  }, [store]);

  // The field starts from the stored number once it is known (and follows it when it changes).
  const [loadedTotal, setLoadedTotal] = useState<number | null>(null);
  if (stats.totalCourses !== loadedTotal) {
    setLoadedTotal(stats.totalCourses);
    if (stats.totalCourses !== null) setValue(String(stats.totalCourses));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const parsed = statsFamily.inputSchema.safeParse({ totalCourses: toNumber(value) });
    if (!parsed.success) {
      // The success banner of an earlier save must not sit beside the new error.
      store.clearBanner();
      setError(fieldErrors(parsed.error).totalCourses);
      return;
    }
    setError(undefined);
    // The spec's rule turns an empty or non-numeric value into 0: ask before a figure drops to 0.
    const current = stats.totalCourses;
    const next = (parsed.data as { totalCourses: number }).totalCourses;
    if (next === 0 && current !== null && current !== 0 && !window.confirm(CONFIRM.statsZero(current)))
      return;
    await store.update(parsed.data as { totalCourses: number });
  }

  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title" className="screen-title">
        {STATS.heading}
      </h1>
      <NoticeArea notice={banner} onDismiss={store.clearBanner} />
      <div className="panel">
        <h2 className="panel-title">{STATS.current}</h2>
        <p className="stat-value" data-testid="total-courses">
          {stats.status === 'loading' ? FORM.loading : (stats.totalCourses ?? '—')}
        </p>
        {catalogueCourses !== null && (
          <p className="stat-catalogue" data-testid="catalogue-courses">
            {CATALOGUE.publishedCourses(catalogueCourses)}{' '}
            {catalogueCourses !== stats.totalCourses && (
              <button
                type="button"
                className="btn btn-outline btn-small"
                disabled={saving}
                onClick={() => {
                  setValue(String(catalogueCourses));
                  setError(undefined);
                }}
              >
                {CATALOGUE.useThisNumber}
              </button>
            )}
          </p>
        )}
      </div>
      <form className="panel inline-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <Input
          field={TOTAL}
          id={`${id}-total`}
          value={value}
          onChange={(next) => setValue(typeof next === 'string' ? next : '')}
          error={error}
          disabled={saving}
          form={FORM_CONTEXT}
        />
        <button type="submit" className="btn btn-primary" disabled={saving || stats.status === 'loading'}>
          {saving ? FORM.processing : STATS.update}
        </button>
      </form>
      <BackupDownload />
    </section>
  );
}
