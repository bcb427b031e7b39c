/** Stats (spec section 2): the current total-courses number and a form to update it. */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { statsFamily } from '../../lib/collections.ts';
import { fieldErrors } from '../../lib/schemas.ts';
import { FORM, STATS } from '../admin-copy.ts';
import { FieldError } from '../parts/FieldError.tsx';
import { NoticeArea } from '../parts/NoticeArea.tsx';
import { createStatsStore } from '../stores/stats-store.ts';

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

  useEffect(() => {
    void store.load();
    return store.clearBanner;
  }, [store]);

  // The field starts from the stored number once it is known.
  useEffect(() => {
    if (stats.totalCourses !== null) setValue(String(stats.totalCourses));
  }, [stats.totalCourses]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const parsed = statsFamily.inputSchema.safeParse({ totalCourses: toNumber(value) });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error).totalCourses);
      return;
    }
    setError(undefined);
    await store.update(parsed.data as { totalCourses: number });
  }

  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title" className="screen-title">
        {STATS.heading}
      </h1>
      <NoticeArea notice={banner} />
      <div className="panel">
        <h2 className="panel-title">{STATS.current}</h2>
        <p className="stat-value" data-testid="total-courses">
          {stats.status === 'loading' ? FORM.loading : (stats.totalCourses ?? '—')}
        </p>
      </div>
      <form className="panel inline-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className="field">
          <label htmlFor={`${id}-total`}>{STATS.inputLabel}</label>
          <input
            id={`${id}-total`}
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-total-error` : undefined}
            disabled={saving}
            onChange={(event) => setValue(event.target.value)}
          />
          <FieldError id={`${id}-total-error`} message={error} />
        </div>
        <button type="submit" className="btn btn-primary" disabled={saving || stats.status === 'loading'}>
          {saving ? FORM.processing : STATS.update}
        </button>
      </form>
    </section>
  );
}
