/** Where focus goes on the content screen after its actions. */

/** Focuses a card's first button (Edit), scrolling it into view; the admin's main region when it is gone. */
export function focusItem(id: string | null): void {
  const card = id ? document.querySelector(`[data-item-id="${CSS.escape(id)}"]`) : null;
  const target = card?.querySelector<HTMLElement>('button') ?? document.getElementById('admin-main');
  target?.focus();
}

/** After a move the card's DOM node may have been re-inserted: focus goes back to the button pressed (or its twin at an end). */
export function focusMoveButton(id: string, direction: 'up' | 'down'): void {
  const card = document.querySelector(`[data-item-id="${CSS.escape(id)}"]`);
  const wanted = card?.querySelector<HTMLButtonElement>(`button[data-move="${direction}"]`);
  const other = card?.querySelector<HTMLButtonElement>(
    `button[data-move="${direction === 'up' ? 'down' : 'up'}"]`,
  );
  (wanted && !wanted.disabled ? wanted : other)?.focus();
}
