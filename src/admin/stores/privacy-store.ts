/**
 * The Privacy screen's state (data-principal rights, DPDP Act 2023): everything stored about one e-mail address
 * as a JSON export, and its erasure. Erasing asks first (the screen's confirm), then reports what went.
 */
import { atom } from 'nanostores';
import { ApiError } from '../../lib/api-client.ts';
import { ENQUIRY_PATHS } from '../../lib/enquiry-paths.ts';
import { DATA_RIGHTS } from '../../lib/staff-messages.ts';
import { adminRequest, failureText } from '../api/admin-api.ts';
import type { Notice } from './content-store.ts';
import { refreshSummary } from './summary-store.ts';

/** What the last export found or the last erasure removed, per family (and, for an export, in the trash). */
export interface PrivacyResult {
  kind: 'export' | 'erase';
  email: string;
  contact: number;
  enroll: number;
  trash?: number;
}

export type PrivacyExport = Record<string, unknown> & {
  contact: unknown[];
  enroll: unknown[];
  trash: unknown[];
};

const isExport = (value: unknown): value is PrivacyExport =>
  typeof value === 'object' &&
  value !== null &&
  ['contact', 'enroll', 'trash'].every((key) => Array.isArray((value as Record<string, unknown>)[key]));

const dataOf = (body: unknown): unknown =>
  typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : null;

export function createPrivacyStore() {
  const $busy = atom<'export' | 'erase' | null>(null);
  const $notice = atom<Notice>(null);
  const $fieldError = atom<string | null>(null);
  const $result = atom<PrivacyResult | null>(null);

  /** The address as typed, trimmed; null (with the reason beside the field) when there is none. */
  function address(email: string): string | null {
    const value = email.trim();
    $fieldError.set(value === '' ? DATA_RIGHTS.emailRequired : null);
    return value === '' ? null : value;
  }

  /** A refusal about the address goes beside the field; anything else is a notice. */
  function fail(error: unknown, fallback: string) {
    const reason = error instanceof ApiError ? error.errors?.email : undefined;
    if (reason) $fieldError.set(reason);
    else $notice.set({ kind: 'error', text: failureText(error, fallback) });
  }

  /** `GET /api/v1/privacy/export?email=`: answers the whole JSON for the screen to offer as a download. */
  async function exportData(email: string): Promise<PrivacyExport | null> {
    const value = address(email);
    if (!value) return null;
    $busy.set('export');
    $notice.set(null);
    try {
      const data = dataOf(await adminRequest(ENQUIRY_PATHS.privacyExport, { query: { email: value } }));
      if (!isExport(data)) throw new ApiError({ kind: 'format' });
      $result.set({
        kind: 'export',
        email: value,
        contact: data.contact.length,
        enroll: data.enroll.length,
        trash: data.trash.length,
      });
      return data;
    } catch (error) {
      fail(error, DATA_RIGHTS.exportFailed);
      return null;
    } finally {
      $busy.set(null);
    }
  }

  /** `POST /api/v1/privacy/erase` `{email}`; the caller has asked for confirmation. */
  async function erase(email: string): Promise<boolean> {
    const value = address(email);
    if (!value) return false;
    $busy.set('erase');
    $notice.set(null);
    try {
      const data = dataOf(
        await adminRequest(ENQUIRY_PATHS.privacyErase, { method: 'POST', json: { email: value } }),
      ) as { contact?: unknown; enroll?: unknown; taxRecords?: unknown } | null;
      const contact = typeof data?.contact === 'number' ? data.contact : 0;
      const enroll = typeof data?.enroll === 'number' ? data.enroll : 0;
      const kept = typeof data?.taxRecords === 'number' ? data.taxRecords : 0;
      $result.set({ kind: 'erase', email: value, contact, enroll });
      $notice.set({
        kind: 'success',
        text: `${DATA_RIGHTS.erased(contact, enroll)}${kept > 0 ? ` ${DATA_RIGHTS.taxRecordsKept(kept)}` : ''}`,
      });
      await refreshSummary({ changed: true });
      return true;
    } catch (error) {
      fail(error, DATA_RIGHTS.eraseFailed);
      return false;
    } finally {
      $busy.set(null);
    }
  }

  return {
    $busy,
    $notice,
    $fieldError,
    $result,
    exportData,
    erase,
    clearNotice: () => $notice.set(null),
    clearFieldError: () => $fieldError.set(null),
  };
}
