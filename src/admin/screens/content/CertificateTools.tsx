/**
 * The certificate screen's own tools, under its heading: issuing for a whole batch from its roster
 * (the enrolled students listed with checkboxes, those who already hold one marked and left out) and importing
 * old certificates from a CSV file (checked first; nothing is imported while a row has an error; a long file is
 * committed in parts, each answer followed by the call for the next, until the last is in). Loaded only
 * with the certificate screen.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { utcToIstDay } from '../../../lib/ist.ts';
import { CERTIFICATE_TOOLS as WORDS } from '../../../lib/staff-messages.ts';
import { CERTIFICATES } from '../../../families/certificate.ts';
import { adminRequest, failureText } from '../../api/admin-api.ts';

const CERTIFICATE_PATH = '/api/v1/certificate';

interface Batch {
  _id: string;
  name?: string;
}
interface Candidate {
  enrollId: string;
  name: string;
  email: string;
  certificate: { number: string } | null;
}
interface RowError {
  row: number;
  field: string;
  message: string;
}

const dataOf = (answer: unknown) => (answer as { data?: unknown }).data;
const messageOf = (answer: unknown) => String((answer as { message?: unknown }).message ?? '');

export default function CertificateTools({ onIssued }: { onIssued: () => void }) {
  return (
    <>
      <BatchIssue onIssued={onIssued} />
      <CsvImport onIssued={onIssued} />
    </>
  );
}

function BatchIssue({ onIssued }: { onIssued: () => void }) {
  const id = useId();
  const [batches, setBatches] = useState<Batch[]>([]);
  const [batch, setBatch] = useState('');
  const [candidates, setCandidates] = useState<Candidate[] | null>(null);
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const [issuedOn, setIssuedOn] = useState(utcToIstDay(new Date().toISOString()));
  // An owner's reason to issue before the batch has ended (the server refuses anyone else's).
  const [earlyReason, setEarlyReason] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    adminRequest('/api/v1/batch', { query: { drafts: 1 } })
      .then((answer) => setBatches((dataOf(answer) as Batch[]) ?? []))
      .catch(() => setBatches([]));
  }, []);

  const show = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!batch) return;
    setBusy(true);
    try {
      const data = dataOf(await adminRequest(`${CERTIFICATE_PATH}/batch/${batch}/candidates`)) as {
        candidates: Candidate[];
      };
      setCandidates(data.candidates);
      setTicked(new Set(data.candidates.filter((c) => !c.certificate).map((c) => c.enrollId)));
    } catch (error) {
      setNotice(failureText(error, WORDS.loadFailed));
    } finally {
      setBusy(false);
    }
  };

  const issue = async () => {
    setBusy(true);
    try {
      const answer = await adminRequest(`${CERTIFICATE_PATH}/batch/${batch}`, {
        method: 'POST',
        json: {
          enrollIds: [...ticked],
          issuedOn,
          ...(earlyReason.trim() ? { earlyIssueReason: earlyReason.trim() } : {}),
        },
      });
      setNotice(messageOf(answer));
      onIssued();
      await show();
    } catch (error) {
      setNotice(failureText(error, WORDS.issueFailed));
    } finally {
      setBusy(false);
    }
  };

  const toggle = (enrollId: string) =>
    setTicked((current) => {
      const next = new Set(current);
      if (next.has(enrollId)) next.delete(enrollId);
      else next.add(enrollId);
      return next;
    });

  return (
    <details className="panel certificate-tool">
      <summary>{WORDS.batchHeading}</summary>
      <form onSubmit={show} noValidate>
        <div className="field">
          <label htmlFor={`${id}-batch`}>{WORDS.batchLabel}</label>
          <select id={`${id}-batch`} value={batch} onChange={(event) => setBatch(event.target.value)}>
            <option value="">{WORDS.batchChoose}</option>
            {batches.map((b) => (
              <option key={b._id} value={b._id}>
                {b.name ?? b._id}
              </option>
            ))}
          </select>
        </div>
        <div className="form-actions">
          <button type="submit" className="btn" disabled={!batch || busy}>
            {WORDS.showStudents}
          </button>
        </div>
      </form>
      {candidates && candidates.length === 0 && <p>{WORDS.noStudents}</p>}
      {candidates && candidates.length > 0 && (
        <fieldset>
          <legend>{WORDS.student}</legend>
          <ul className="certificate-candidates">
            {candidates.map((c) => (
              <li key={c.enrollId}>
                <label>
                  <input
                    type="checkbox"
                    checked={ticked.has(c.enrollId)}
                    disabled={c.certificate !== null}
                    onChange={() => toggle(c.enrollId)}
                  />{' '}
                  {c.name} &lt;{c.email}&gt;
                  {c.certificate && <> · {WORDS.has(c.certificate.number)}</>}
                </label>
              </li>
            ))}
          </ul>
          <div className="field">
            <label htmlFor={`${id}-issued`}>{WORDS.issuedOnLabel}</label>
            <input
              id={`${id}-issued`}
              type="date"
              value={issuedOn}
              onChange={(e) => setIssuedOn(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-early`}>{CERTIFICATES.earlyIssueReason}</label>
            <input
              id={`${id}-early`}
              type="text"
              maxLength={300}
              value={earlyReason}
              aria-describedby={`${id}-early-hint`}
              onChange={(e) => setEarlyReason(e.target.value)}
            />
            <p id={`${id}-early-hint`} className="field-hint">
              {CERTIFICATES.earlyIssueReasonHint}
            </p>
          </div>
          <div className="form-actions">
            <button
              type="button"
              className="btn btn-primary"
              disabled={ticked.size === 0 || busy}
              onClick={issue}
            >
              {WORDS.issue(ticked.size)}
            </button>
          </div>
        </fieldset>
      )}
      {notice && <p role="status">{notice}</p>}
    </details>
  );
}

interface ImportProgress {
  importId?: string;
  done?: number;
  total?: number;
}

/** An answer of an import still under way: its id, for the call that commits its next part. */
const unfinished = (answer: unknown): string | null => {
  const progress = dataOf(answer) as ImportProgress | undefined;
  return progress?.importId && (progress.done ?? 0) < (progress.total ?? 0) ? progress.importId : null;
};

function CsvImport({ onIssued }: { onIssued: () => void }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [ready, setReady] = useState<number | null>(null);
  const [rowErrors, setRowErrors] = useState<RowError[]>([]);
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  /** An import that stopped part-way (a failed call): the button that finishes it. */
  const [pending, setPending] = useState<string | null>(null);

  /** The server commits a long file in parts: each answer names the import until its last part is in. */
  const follow = async (first: unknown) => {
    let answer = first;
    for (let importId = unfinished(answer); importId; importId = unfinished(answer)) {
      setNotice(messageOf(answer));
      setPending(importId);
      answer = await adminRequest(`${CERTIFICATE_PATH}/import/${importId}`, { method: 'POST' });
    }
    setPending(null);
    setNotice(messageOf(answer));
  };

  const send = async (dryRun: boolean) => {
    if (!file) return;
    setBusy(true);
    setRowErrors([]);
    const form = new FormData();
    form.set('file', file);
    try {
      const answer = await adminRequest(`${CERTIFICATE_PATH}/import`, {
        method: 'POST',
        form,
        ...(dryRun ? { query: { dryRun: 1 } } : {}),
      });
      if (dryRun) {
        setNotice(messageOf(answer));
        setReady(((dataOf(answer) as { rows: unknown[] }).rows ?? []).length);
      } else {
        setReady(null);
        await follow(answer);
        onIssued();
      }
    } catch (error) {
      setReady(null);
      setNotice(failureText(error, WORDS.importFailed));
      if (error instanceof ApiError) setRowErrors(rowErrorsOf(error.errors));
    } finally {
      setBusy(false);
    }
  };

  const finish = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      await follow(await adminRequest(`${CERTIFICATE_PATH}/import/${pending}`, { method: 'POST' }));
      onIssued();
    } catch (error) {
      setNotice(failureText(error, WORDS.importFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <details className="panel certificate-tool">
      <summary>{WORDS.importHeading}</summary>
      <p className="field-hint">{WORDS.importHint}</p>
      <div className="field">
        <label htmlFor={`${id}-file`}>{WORDS.fileLabel}</label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setReady(null);
            setRowErrors([]);
            setNotice('');
          }}
        />
      </div>
      <div className="form-actions">
        <button type="button" className="btn" disabled={!file || busy} onClick={() => void send(true)}>
          {WORDS.check}
        </button>
        {ready !== null && (
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void send(false)}>
            {WORDS.importNow(ready)}
          </button>
        )}
        {pending !== null && !busy && (
          <button type="button" className="btn btn-primary" onClick={() => void finish()}>
            {WORDS.importResume}
          </button>
        )}
      </div>
      {notice && <p role="status">{notice}</p>}
      {rowErrors.length > 0 && (
        <table className="certificate-import-errors">
          <thead>
            <tr>
              <th scope="col">{WORDS.row}</th>
              <th scope="col">{WORDS.column}</th>
              <th scope="col">{WORDS.problem}</th>
            </tr>
          </thead>
          <tbody>
            {rowErrors.map((e) => (
              <tr key={`${e.row}-${e.field}`}>
                <td>{e.row}</td>
                <td>{e.field}</td>
                <td>{e.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </details>
  );
}

/** The import's `errors` map, keyed "{row}.{column}", as rows in file order. */
function rowErrorsOf(errors: Record<string, string> | null): RowError[] {
  return Object.entries(errors ?? {})
    .map(([key, message]) => {
      const [row = '', field = ''] = key.split('.');
      return { row: Number(row), field, message };
    })
    .filter((e) => Number.isInteger(e.row) && e.row > 0)
    .sort((a, b) => a.row - b.row);
}
