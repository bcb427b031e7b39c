/**
 * One request in the list: who sent it and when, what it asks, and its follow-up (status, the notification's
 * delivery, an enrolment's payment, the note, revoking an enrolment's page link, delete). A table row on wider
 * screens, a card at 576 px or less.
 */
import { useId, useRef, useState } from 'react';
import type { RequestFamily } from '../../../lib/collections.ts';
import { sourceKey, statusOf } from '../../../lib/enquiries.ts';
import { ENQUIRY, ENROLMENT_LINK } from '../../../lib/staff-messages.ts';
import { FORM, REQUESTS } from '../../admin-copy.ts';
import { istDateTime, telHref } from '../../format/ist.ts';
import { EnrolmentFacts } from '../../parts/EnrolmentFacts.tsx';
import { FieldError } from '../../parts/FieldError.tsx';
import { PaymentPanel } from '../../parts/PaymentPanel.tsx';
import { itemPath } from '../../stores/content-store.ts';
import type { RequestItem, RequestStore, RowState } from '../../stores/request-store.ts';
import { NoteEditor } from './NoteEditor.tsx';
import { AssessmentDetails, ClampedText } from './RequestDetails.tsx';

export function RequestRow({
  family,
  item,
  store,
  row,
  deleting,
}: {
  family: RequestFamily;
  item: RequestItem;
  store: RequestStore;
  row: RowState | undefined;
  deleting: string | null;
}) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const noteButton = useRef<HTMLButtonElement>(null);
  const status = statusOf(item);
  const saving = row?.saving ?? null;
  const errors = row?.errors ?? {};

  const closeEditor = () => {
    setEditing(false);
    store.clearRowErrors(item._id);
    // Back to the button that opened the editor, once it is rendered again.
    requestAnimationFrame(() => noteButton.current?.focus());
  };

  return (
    <li className="item-card request-row" data-item-id={item._id}>
      <div className="cell cell-person">
        <h2 className="panel-title request-name">{item.name}</h2>
        <dl className="request-fields">
          <dt>{REQUESTS.email}</dt>
          <dd>
            <a href={`mailto:${item.email}`} rel="external">
              {item.email}
            </a>
          </dd>
          <dt>{REQUESTS.phone}</dt>
          <dd>
            <a href={telHref(item.phone)} rel="external">
              {item.phone}
            </a>
          </dd>
        </dl>
      </div>
      <dl className="request-fields cell cell-date">
        <dt>{REQUESTS.date}</dt>
        <dd>
          <time dateTime={item.createdAt}>{istDateTime(item.createdAt)}</time>
        </dd>
      </dl>
      <dl className="request-fields cell cell-request">
        {family.courseFilter && (
          <>
            <dt>{REQUESTS.course}</dt>
            <dd>{'course' in item ? item.course : undefined}</dd>
            <EnrolmentFacts item={item as RequestItem & Record<string, unknown>} />
          </>
        )}
        {(family.key === 'contact' || ('message' in item && item.message)) && (
          <>
            <dt>{REQUESTS.message}</dt>
            <dd>
              <ClampedText text={'message' in item ? (item.message ?? '') : ''} />
            </dd>
          </>
        )}
        {'organisation' in item && <AssessmentDetails item={item} />}
        {item.source && (
          <>
            <dt>{ENQUIRY.sourceLabel}</dt>
            <dd className="request-source">{sourceKey(item)}</dd>
          </>
        )}
      </dl>
      <div className="cell cell-follow">
        <label className="visually-hidden" htmlFor={`${id}-status`}>
          {REQUESTS.statusOf(item.name)}
        </label>
        <select
          id={`${id}-status`}
          className="status-select"
          value={status}
          disabled={saving !== null}
          aria-invalid={errors.status ? true : undefined}
          aria-describedby={errors.status ? `${id}-status-error` : undefined}
          onChange={(event) => void store.setStatus(item._id, event.target.value)}
        >
          {family.statuses.map((value) => (
            <option key={value} value={value}>
              {ENQUIRY.statusLabels[value] ?? value}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-status-error`} message={errors.status} />
        <DeliveryBadge state={item.delivery} />
        {family.key === 'enroll' && (
          <PaymentPanel
            item={item as RequestItem & Record<string, unknown>}
            path={itemPath(family.path, item._id)}
            saving={saving === 'payment'}
            errors={errors}
            onSave={(payment) => store.recordPayment(item._id, payment)}
          />
        )}
        {item.note && !editing && (
          <p className="request-note">
            <span className="visually-hidden">{REQUESTS.note}: </span>
            {item.note}
            {item.noteBy && (
              <span className="request-note-by">
                {' '}
                {REQUESTS.noteBy(item.noteBy, item.noteAt ? istDateTime(item.noteAt) : '')}
              </span>
            )}
          </p>
        )}
        <div className="item-actions">
          {!editing && (
            <button
              ref={noteButton}
              type="button"
              className="btn btn-outline btn-small"
              onClick={() => setEditing(true)}
            >
              {item.note ? REQUESTS.editNote : REQUESTS.addNote}
              <span className="visually-hidden"> {item.name}</span>
            </button>
          )}
          {family.key === 'enroll' && (
            <button
              type="button"
              className="btn btn-outline btn-small"
              disabled={saving !== null}
              onClick={() => void store.revokePageLink(item._id)}
            >
              {ENROLMENT_LINK.revoke}
              <span className="visually-hidden"> {item.name}</span>
            </button>
          )}
          <button
            type="button"
            className="btn btn-danger btn-small"
            disabled={deleting !== null}
            onClick={() => void store.remove(item._id)}
          >
            {deleting === item._id ? FORM.deleting : FORM.delete}
            <span className="visually-hidden"> {item.name}</span>
          </button>
        </div>
      </div>
      {editing && (
        <NoteEditor
          name={item.name}
          note={item.note ?? ''}
          saving={saving === 'note'}
          error={errors.note}
          onCancel={closeEditor}
          onSave={async (note) => {
            if (await store.saveNote(item._id, note)) closeEditor();
          }}
        />
      )}
    </li>
  );
}

/** The notification's state: shown only for requests that had notifications on when they arrived. */
function DeliveryBadge({ state }: { state: string | undefined }) {
  if (!state) return null;
  return (
    <p className={`delivery-badge delivery-${state}`}>
      <span className="visually-hidden">{REQUESTS.delivery}: </span>
      {ENQUIRY.deliveryLabels[state] ?? state}
    </p>
  );
}
