import { useId, useState, type ReactNode } from 'react';
import { REQUESTS } from '../admin-copy.ts';

/**
 * Filters that fold away on a phone (576 px or less, CSS): a "Filters" button shows or hides them, and says when
 * some are set, so a folded filter never hides why the list is short. Wider screens always show them and no
 * button. Folded filters keep their state: they are hidden, not unmounted.
 */
export function FoldingFilters({ active, children }: { active: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-small filters-toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((shown) => !shown)}
      >
        {active ? REQUESTS.filtersToggleActive : REQUESTS.filtersToggle}
      </button>
      <div id={id} className={`filters-fold${open ? ' is-open' : ''}`}>
        {children}
      </div>
    </>
  );
}
