/**
 * Preview and share under the content form: "Preview" posts what is in the form now (saved or not) to
 * the API, which answers the page in a new tab; "Share preview" makes a signed link to the saved item that works
 * without signing in, and the item's working links are listed, each with Revoke.
 */
import { useEffect, useRef, useState } from 'react';
import { showIstDayTime } from '../../../lib/ist.ts';
import {
  PREVIEW_PATH,
  PREVIEW_PAYLOAD_FIELD,
  PREVIEW_RENDER_PATH,
  PREVIEW_REVOKE_PATH,
  previewLinksPath,
  type PreviewLinkView,
  type SharedPreview,
} from '../../../lib/preview.ts';
import { PREVIEW } from '../../../lib/staff-messages.ts';
import { API_BASE } from '../../../lib/api-client.ts';
import { adminRequest, failureText } from '../../api/admin-api.ts';

const dataOf = (body: unknown) => (body as { data?: unknown } | null)?.data;

interface Props {
  family: string;
  /** The saved item being edited, or null when adding. */
  itemId: string | null;
  /** The form's values as the API takes them. */
  values: () => Record<string, unknown>;
  disabled: boolean;
}

export function PreviewShare({ family, itemId, values, disabled }: Props) {
  const formRef = useRef<HTMLFormElement>(null);
  const payloadRef = useRef<HTMLInputElement>(null);
  const [links, setLinks] = useState<PreviewLinkView[] | null>(null);
  const [shared, setShared] = useState<SharedPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  /** Bumped after a share or a revoke: the list is read again. */
  const [reads, setReads] = useState(0);

  // The form keys this part by the item, so another item starts with no link shown and no notice.
  useEffect(() => {
    if (!itemId) return;
    let current = true;
    adminRequest(previewLinksPath(family, itemId)).then(
      (body) => {
        const data = dataOf(body);
        if (current) setLinks(Array.isArray(data) ? (data as PreviewLinkView[]) : []);
      },
      (error: unknown) => {
        if (current) setNotice({ kind: 'error', text: failureText(error, PREVIEW.linksFailed) });
      },
    );
    return () => {
      current = false;
    };
  }, [family, itemId, reads]);

  function preview() {
    if (!payloadRef.current || !formRef.current) return;
    payloadRef.current.value = JSON.stringify({ family, id: itemId, values: values() });
    formRef.current.submit();
  }

  async function share() {
    if (!itemId) return;
    setBusy(true);
    setNotice(null);
    try {
      const data = dataOf(await adminRequest(PREVIEW_PATH, { method: 'POST', json: { family, id: itemId } }));
      const made = data as SharedPreview;
      setShared(made);
      setNotice({ kind: 'success', text: PREVIEW.shared(showIstDayTime(made.expiresAt)) });
      setReads((count) => count + 1);
    } catch (error) {
      setNotice({ kind: 'error', text: failureText(error, PREVIEW.shareFailed) });
    } finally {
      setBusy(false);
    }
  }

  async function revoke(link: PreviewLinkView) {
    if (!itemId) return;
    setBusy(true);
    setNotice(null);
    try {
      await adminRequest(PREVIEW_REVOKE_PATH, {
        method: 'POST',
        json: { family, id: itemId, link: link.id },
      });
      if (shared?.link.id === link.id) setShared(null);
      setNotice({ kind: 'success', text: PREVIEW.revoked });
      setReads((count) => count + 1);
    } catch (error) {
      setNotice({ kind: 'error', text: failureText(error, PREVIEW.revokeFailed) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="preview-share" aria-label={PREVIEW.share}>
      {/* A plain form POST: the answer is the page, opened in a tab of its own. */}
      <form ref={formRef} method="post" action={`${API_BASE}${PREVIEW_RENDER_PATH}`} target="_blank" hidden>
        <input ref={payloadRef} type="hidden" name={PREVIEW_PAYLOAD_FIELD} />
      </form>
      <div className="form-actions">
        <button
          type="button"
          className="btn btn-outline"
          disabled={disabled}
          onClick={preview}
          title={PREVIEW.previewHint}
        >
          {PREVIEW.preview}
        </button>
        <button
          type="button"
          className="btn btn-outline"
          disabled={disabled || busy || !itemId}
          onClick={() => void share()}
          title={itemId ? PREVIEW.shareHint : PREVIEW.saveFirst}
        >
          {busy ? PREVIEW.sharing : PREVIEW.share}
        </button>
      </div>
      {!itemId && <p className="field-hint">{PREVIEW.saveFirst}</p>}
      {notice && (
        <p
          className={notice.kind === 'error' ? 'field-error' : 'field-hint'}
          role={notice.kind === 'error' ? 'alert' : 'status'}
        >
          {notice.text}
        </p>
      )}
      {shared && (
        <div className="field">
          <label htmlFor="preview-share-url">{PREVIEW.urlLabel}</label>
          <input
            id="preview-share-url"
            readOnly
            value={shared.url}
            onFocus={(event) => event.currentTarget.select()}
          />
        </div>
      )}
      {itemId && links && (
        <div>
          <h3 className="field-label">{PREVIEW.linksHeading}</h3>
          {links.length === 0 ? (
            <p className="field-hint">{PREVIEW.linksEmpty}</p>
          ) : (
            <ul className="preview-links">
              {links.map((link) => (
                <li key={link.id} data-preview-link={link.id}>
                  {PREVIEW.link(
                    showIstDayTime(link.createdAt),
                    link.createdBy,
                    showIstDayTime(link.expiresAt),
                  )}{' '}
                  <button
                    type="button"
                    className="btn btn-outline btn-small"
                    disabled={busy}
                    aria-label={PREVIEW.revokeLabel(showIstDayTime(link.createdAt))}
                    onClick={() => void revoke(link)}
                  >
                    {PREVIEW.revoke}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
