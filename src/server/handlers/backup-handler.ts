/**
 * GET /api/v1/backup: the owner's download of a backup archive (the same one `npm run backup` writes), streamed as
 * it is packed. Admin only; never cached; it holds every enquiry, so foreign origins are refused like any
 * personal-data read.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { BACKUP_PATH } from '../../lib/constants.ts';
import { auditAction } from '../audit/audit-log.ts';
import { OWNER, staffRoute, type ApiRoute, type StaffInput } from '../http/route-table.ts';
import { backupFileName, backupStream, collectBackup } from '../migration/backup.ts';

/** Owners only: it holds every enquiry. A HEAD (the admin checking it is there) is no export and is not logged. */
export const backupRoutes: readonly ApiRoute[] = [
  staffRoute('GET', BACKUP_PATH, OWNER, ['export'], download),
];

async function download(input: StaffInput): Promise<Response> {
  const { request, deps, actor } = input;
  const now = deps.now();
  const contents = await collectBackup(deps.repository, deps.images.blobs, now);
  if (request.method !== 'HEAD') await auditAction(input, actor, { action: 'export', family: 'backup' });
  const body =
    request.method === 'HEAD' ? null : (Readable.toWeb(backupStream(contents)) as WebReadableStream);
  return new Response(body as ReadableStream | null, {
    headers: {
      'Content-Type': 'application/gzip',
      'Content-Disposition': `attachment; filename="${backupFileName(now)}"`,
      'Cache-Control': 'no-store',
    },
  });
}
