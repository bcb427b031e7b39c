/**
 * The content screen's list: the family's items as cards in their order (each field drawn by its kind's cell),
 * with edit, delete (and its Undo), publish, history, and reordering by buttons and by drag and drop.
 */
import { formatIst } from '../../../lib/ist.ts';
import { pendingChanges } from '../../../lib/schedule.ts';
import { SCHEDULE } from '../../../lib/staff-messages.ts';
import { useStore } from '@nanostores/react';
import { Fragment, useRef, useState, type ButtonHTMLAttributes, type DragEvent } from 'react';
import type { ContentItem } from '../../../lib/collections.ts';
import { valueFields } from '../../../lib/fields.ts';
import { FORM, REQUESTS, WORKFLOW_COPY } from '../../admin-copy.ts';
import { screenHref } from '../../stores/router.ts';
import type { ContentScreenConfig } from '../../content-screens.ts';
import { adminKindOf } from '../../fields/index.ts';
import { HistoryDialog } from '../../parts/HistoryDialog.tsx';
import { ItemImage } from '../../parts/ItemImage.tsx';
import { LoadFailed } from '../../parts/LoadFailed.tsx';
import { isDraft, type ContentStore } from '../../stores/content-store.ts';
import { focusItem, focusMoveButton } from './focus.ts';

/** The Enrollment Requests screen's path (`enroll`'s admin path in src/families/enroll.ts). */
const ROSTER_SCREEN = 'enroll-data';

const textOf = (item: ContentItem, name: string) => {
  const value = item[name];
  return typeof value === 'string' ? value : '';
};

/**
 * An item's card body: the picture on top, the title field as the heading, then the other fields in their order
 * (each drawn by its kind's cell: texts as paragraphs, points as a list, other kinds as "Label: value").
 */
function ItemFields({ config, item }: { config: ContentScreenConfig; item: ContentItem }) {
  const { family } = config;
  const image = typeof item.image === 'string' && item.image !== '' ? item.image : undefined;
  const rest = valueFields(family.fields).filter((field) => field.name !== family.titleField);
  return (
    <>
      {/* The grid keeps every card's picture slot (the fallback fills it); a list shows only real pictures. */}
      {family.image && (config.layout === 'grid' || image) && (
        <ItemImage value={image} folder={family.image.folder} />
      )}
      {isDraft(item) && <span className="badge badge-draft">{WORKFLOW_COPY.draft}</span>}
      {pendingChanges(item).map(({ change, at }) => (
        <span key={change} className="badge badge-scheduled">
          {change === 'publish' ? SCHEDULE.goesLive(formatIst(at)) : SCHEDULE.leaves(formatIst(at))}
        </span>
      ))}
      {family.revoke && item.status === 'revoked' && (
        <span className="badge badge-draft">
          {family.revoke.revoked}: {textOf(item, 'revokedReason')}
        </span>
      )}
      <h3>{textOf(item, family.titleField)}</h3>
      {rest.map((field) => {
        const { Cell } = adminKindOf(field);
        return (
          <Fragment key={field.name}>
            <Cell field={field} value={item[field.name]} item={item} />
          </Fragment>
        );
      })}
    </>
  );
}

/**
 * A card's button: its visible label, and the item's name for screen readers, so "Edit" on every card is told
 * apart ("Edit Ethical Hacking").
 */
function ItemButton({
  name,
  className = 'btn btn-outline btn-small',
  children,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  name: string;
  'data-history'?: boolean;
  'data-move'?: string;
}) {
  return (
    <button type="button" className={className} {...rest}>
      {children}
      <span className="visually-hidden"> {name}</span>
    </button>
  );
}

export function ContentList({ config, store }: { config: ContentScreenConfig; store: ContentStore }) {
  const { family } = config;
  const list = useStore(store.$list);
  const busy = useStore(store.$busy);
  const [historyOf, setHistoryOf] = useState<ContentItem | null>(null);
  /** The card being dragged by its handle, and the card it would land on. */
  const dragged = useRef<string | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);

  if (list.status === 'loading') return <p className="alert alert-info">{FORM.loading}</p>;
  if (list.status === 'error') {
    return <LoadFailed message={list.error} onRetry={() => void store.load()} />;
  }
  if (list.items.length === 0) return <p className="alert alert-info">{family.messages.empty}</p>;

  async function onDelete(item: ContentItem) {
    // Spec section 5: a confirmation for every family except home courses.
    if (family.confirmDelete && !window.confirm(family.confirmDelete)) return;
    const index = list.items.findIndex((candidate) => candidate._id === item._id);
    const neighbour = list.items[index + 1] ?? list.items[index - 1] ?? null;
    const removed = await store.remove(item._id);
    // The card went at once; focus moves to its neighbour (or back to the card if it returned), once the
    // buttons are enabled again, rather than falling to the top of the page.
    requestAnimationFrame(() => focusItem(removed ? (neighbour?._id ?? null) : item._id));
  }

  function onMove(item: ContentItem, index: number, direction: 'up' | 'down') {
    void store.move(item._id, direction === 'up' ? index - 1 : index + 1);
    requestAnimationFrame(() => focusMoveButton(item._id, direction));
  }

  const cardAt = (event: DragEvent) =>
    (event.target as Element).closest<HTMLElement>('[data-item-id]')?.dataset.itemId ?? null;

  function onDragOver(event: DragEvent<HTMLUListElement>) {
    if (!dragged.current) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    setDropTarget(cardAt(event));
  }

  function onDrop(event: DragEvent<HTMLUListElement>) {
    const id = dragged.current;
    const target = cardAt(event);
    dragged.current = null;
    setDropTarget(null);
    if (!id || !target) return;
    event.preventDefault();
    const to = list.items.findIndex((item) => item._id === target);
    if (to >= 0) void store.move(id, to);
  }

  const last = list.items.length - 1;
  return (
    <>
      <ul
        className={config.layout === 'grid' ? 'card-grid' : 'item-list'}
        onDragOver={onDragOver}
        onDrop={onDrop}
        onDragLeave={(event) => {
          if (event.target === event.currentTarget) setDropTarget(null);
        }}
      >
        {list.items.map((item, index) => {
          const deleting = busy?.action === 'deleting' && busy.id === item._id;
          const name = textOf(item, family.titleField);
          const draft = isDraft(item);
          return (
            <li
              key={item._id}
              className={dropTarget === item._id ? 'item-card is-drop-target' : 'item-card'}
              data-item-id={item._id}
            >
              <ItemFields config={config} item={item} />
              <div className="item-actions">
                <ItemButton name={name} disabled={busy !== null} onClick={() => store.startEdit(item)}>
                  {FORM.edit}
                </ItemButton>
                <ItemButton
                  name={name}
                  className="btn btn-danger btn-small"
                  disabled={busy !== null}
                  onClick={() => void onDelete(item)}
                >
                  {deleting ? FORM.deleting : FORM.delete}
                </ItemButton>
                <ItemButton
                  name={name}
                  disabled={busy !== null}
                  onClick={() => void store.setPublished(item, draft)}
                >
                  {draft ? WORKFLOW_COPY.publish : WORKFLOW_COPY.unpublish}
                </ItemButton>
                {family.revoke && item.status !== 'revoked' && (
                  <ItemButton
                    name={name}
                    className="btn btn-danger btn-small"
                    disabled={busy !== null}
                    onClick={() => {
                      const reason = window.prompt(family.revoke?.prompt ?? '')?.trim();
                      if (reason) void store.revoke(item, reason);
                    }}
                  >
                    {family.revoke.button}
                  </ItemButton>
                )}
                <ItemButton name={name} data-history onClick={() => setHistoryOf(item)}>
                  {WORKFLOW_COPY.history}
                </ItemButton>
                {family.pdf && (
                  // A plain download: the staff route reads the session cookie. rel=external keeps the router
                  // from taking it for an admin page (it ignores only a download attribute with a value).
                  <a
                    className="btn btn-outline btn-small"
                    href={`${family.path}/${encodeURIComponent(item._id)}/pdf`}
                    rel="external"
                    download
                    aria-label={family.pdf.label(
                      (family.serial && textOf(item, family.serial.field)) || name,
                    )}
                  >
                    {family.pdf.button}
                  </a>
                )}
                {family.key === 'batch' && (
                  // The batch's roster is the enrolment requests filtered by it (a page load, so the
                  // requests screen reads its filter from the address).
                  <a
                    className="btn btn-outline btn-small"
                    href={`${screenHref(ROSTER_SCREEN)}?batch=${encodeURIComponent(item._id)}`}
                    rel="external"
                    aria-label={REQUESTS.rosterOf(name)}
                  >
                    {REQUESTS.roster}
                  </a>
                )}
              </div>
              <div className="item-order">
                <ItemButton
                  name={name}
                  data-move="up"
                  disabled={index === 0}
                  onClick={() => onMove(item, index, 'up')}
                >
                  <span aria-hidden="true">↑ </span>
                  {WORKFLOW_COPY.moveUp}
                </ItemButton>
                <ItemButton
                  name={name}
                  data-move="down"
                  disabled={index === last}
                  onClick={() => onMove(item, index, 'down')}
                >
                  <span aria-hidden="true">↓ </span>
                  {WORKFLOW_COPY.moveDown}
                </ItemButton>
                {/* Mouse and touch-pad dragging; the buttons beside it are the keyboard's way. */}
                <span
                  className="drag-handle"
                  draggable
                  aria-hidden="true"
                  title={WORKFLOW_COPY.dragHandle}
                  onDragStart={(event) => {
                    dragged.current = item._id;
                    event.dataTransfer.effectAllowed = 'move';
                    event.dataTransfer.setData('text/plain', item._id);
                    const card = event.currentTarget.closest('li');
                    if (card) event.dataTransfer.setDragImage(card, 16, 16);
                  }}
                  onDragEnd={() => {
                    dragged.current = null;
                    setDropTarget(null);
                  }}
                >
                  ⠿
                </span>
              </div>
            </li>
          );
        })}
      </ul>
      {historyOf && (
        <HistoryDialog
          config={config}
          store={store}
          item={list.items.find((item) => item._id === historyOf._id) ?? historyOf}
          onClose={() => {
            const id = historyOf._id;
            setHistoryOf(null);
            // Back to the History button that opened the panel.
            requestAnimationFrame(() =>
              document
                .querySelector<HTMLElement>(`[data-item-id="${CSS.escape(id)}"] button[data-history]`)
                ?.focus(),
            );
          }}
        />
      )}
    </>
  );
}
