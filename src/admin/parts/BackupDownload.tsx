/**
 * The owner's backup download (GET /api/v1/backup): a plain link, so the browser saves the archive as it
 * streams, with the session cookie the API checks. rel=external keeps the admin router from treating it as a page.
 */
import { useStore } from '@nanostores/react';
import { BACKUP_PATH } from '../../lib/constants.ts';
import { BACKUP_COPY } from '../../lib/staff-messages.ts';
import { $me } from '../stores/session.ts';

/** Owners only: the API refuses editors the archive (it holds every enquiry), so they are not offered it. */
export function BackupDownload() {
  if (useStore($me)?.role !== 'owner') return null;
  return (
    <footer className="panel backup-download">
      <a className="btn btn-outline btn-small" href={BACKUP_PATH} rel="external" download>
        {BACKUP_COPY.download}
      </a>
      <p className="field-hint">{BACKUP_COPY.hint}</p>
    </footer>
  );
}
