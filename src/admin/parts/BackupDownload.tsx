/**
 * The owner's backup download (GET /api/v1/backup, issue 14): a plain link, so the browser saves the archive as it
 * streams, with the session cookie the API checks. rel=external keeps the admin router from treating it as a page.
 */
import { BACKUP_PATH } from '../../lib/constants.ts';
import { BACKUP_COPY } from '../../lib/staff-messages.ts';

export function BackupDownload() {
  return (
    <footer className="panel backup-download">
      <a className="btn btn-outline btn-small" href={BACKUP_PATH} rel="external" download>
        {BACKUP_COPY.download}
      </a>
      <p className="field-hint">{BACKUP_COPY.hint}</p>
    </footer>
  );
}
