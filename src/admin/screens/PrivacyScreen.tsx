/**
 * Privacy (a staff tool beyond the spec's nine screens): how many requests are stored, and for one
 * e-mail address everything stored as a JSON download, or its erasure after a confirmation.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { DATA_RIGHTS } from '../../lib/staff-messages.ts';
import { FORM, PRIVACY } from '../admin-copy.ts';
import { FieldError } from '../parts/FieldError.tsx';
import { LoadFailed } from '../parts/LoadFailed.tsx';
import { NoticeArea } from '../parts/NoticeArea.tsx';
import { createPrivacyStore, type PrivacyExport, type PrivacyResult } from '../stores/privacy-store.ts';
import { $requestsSummary, refreshSummary } from '../stores/summary-store.ts';
import { OwnersOnly } from '../parts/OwnersOnly.tsx';

function DataRights() {
  const id = useId();
  const store = useMemo(() => createPrivacyStore(), []);
  const busy = useStore(store.$busy);
  const notice = useStore(store.$notice);
  const fieldError = useStore(store.$fieldError);
  const result = useStore(store.$result);
  const [email, setEmail] = useState('');

  const onExport = async (event: FormEvent) => {
    event.preventDefault();
    const data = await store.exportData(email);
    if (data) download(data);
  };
  const onErase = async () => {
    const value = email.trim();
    if (value !== '' && !window.confirm(DATA_RIGHTS.confirmErase(value))) return;
    await store.erase(email);
  };

  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title" className="screen-title">
        {PRIVACY.heading}
      </h1>
      <StoredCounts />
      <form className="panel" onSubmit={onExport} noValidate>
        <p className="field-hint privacy-intro">{PRIVACY.intro}</p>
        <p className="field-hint" data-testid="privacy-tax-records">
          {DATA_RIGHTS.taxRecordsNote}
        </p>
        <div className="field">
          <label htmlFor={`${id}-email`}>{PRIVACY.emailLabel}</label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="off"
            value={email}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${id}-email-error` : undefined}
            onChange={(event) => {
              setEmail(event.target.value);
              store.clearFieldError();
            }}
          />
          <FieldError id={`${id}-email-error`} message={fieldError ?? undefined} />
        </div>
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy !== null}>
            {busy === 'export' ? PRIVACY.exporting : PRIVACY.export}
          </button>
          <button
            type="button"
            className="btn btn-danger"
            disabled={busy !== null}
            onClick={() => void onErase()}
          >
            {busy === 'erase' ? PRIVACY.erasing : PRIVACY.erase}
          </button>
        </div>
      </form>
      <div role="status">{result && <ResultPanel result={result} />}</div>
      <NoticeArea notice={notice} onDismiss={store.clearNotice} />
    </section>
  );
}

/** How many requests the store holds now: what the retention period and erasures act on. */
function StoredCounts() {
  const summary = useStore($requestsSummary);
  useEffect(() => {
    void refreshSummary();
  }, []);
  if (summary.status === 'error')
    return (
      <LoadFailed
        message={DATA_RIGHTS.summaryFailed}
        onRetry={() => void refreshSummary({ changed: true })}
      />
    );
  if (!summary.data) return <p className="alert alert-info">{FORM.loading}</p>;
  return (
    <div className="panel stored-counts" data-testid="stored-counts">
      <h2 className="panel-title">{PRIVACY.held}</h2>
      <dl className="request-fields">
        <dt>{PRIVACY.contactCount}</dt>
        <dd>{summary.data.contact.total}</dd>
        <dt>{PRIVACY.enrollCount}</dt>
        <dd>{summary.data.enroll.total}</dd>
        {summary.data.assessment && (
          <>
            <dt>{PRIVACY.assessmentCount}</dt>
            <dd>{summary.data.assessment.total}</dd>
          </>
        )}
      </dl>
    </div>
  );
}

function ResultPanel({ result }: { result: PrivacyResult }) {
  return (
    <div className="panel privacy-result" data-testid="privacy-result">
      <h2 className="panel-title">
        {result.kind === 'export' ? PRIVACY.exported(result.email) : PRIVACY.erasedFor(result.email)}
      </h2>
      <dl className="request-fields">
        <dt>{PRIVACY.contactCount}</dt>
        <dd>{result.contact}</dd>
        <dt>{PRIVACY.enrollCount}</dt>
        <dd>{result.enroll}</dd>
        {result.trash !== undefined && (
          <>
            <dt>{PRIVACY.trashCount}</dt>
            <dd>{result.trash}</dd>
          </>
        )}
      </dl>
    </div>
  );
}

/** Offers the export as a file: the browser saves what the API answered, with a dated name. */
function download(data: PrivacyExport) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = PRIVACY.fileName(new Date().toISOString().slice(0, 10));
  link.rel = 'external';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Owners only: an editor who opens the address is told so instead of seeing the form. */
export default function PrivacyScreen() {
  return (
    <OwnersOnly heading={PRIVACY.heading} message={DATA_RIGHTS.ownersOnly}>
      <DataRights />
    </OwnersOnly>
  );
}
