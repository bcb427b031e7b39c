/**
 * GET /api/v1/backup: the owner's download of a backup archive (the same one `npm run backup` writes), streamed as
 * it is packed. Admin only; never cached; it holds every enquiry, so foreign origins are refused like any
 * personal-data read.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { API_PREFIX, BACKUP_PATH } from '../../lib/constants.ts';
import { API } from '../../lib/api-messages.ts';
import { requireAdmin } from '../auth/guard.ts';
import { auditAction } from '../audit/audit-log.ts';
import type { HandlerInput, RouteHandler } from '../http/netlify-function.ts';
import { notFound } from '../http/respond.ts';
import { dispatch, matchRoute } from '../http/route.ts';
import { backupFileName, backupStream, collectBackup } from '../migration/backup.ts';

/** The route table's key for this handler: the path's segment under the API prefix. */
export const BACKUP_SEGMENT = BACKUP_PATH.slice(API_PREFIX.length + 1).toLowerCase();

export const backupHandler: RouteHandler = async (input) => {
  if (matchRoute(input.request, BACKUP_PATH)?.kind !== 'collection') return notFound(API.notFoundRoute);
  return dispatch(input.request, { GET: () => download(input) });
};

async function download(input: HandlerInput): Promise<Response> {
  const { request, deps } = input;
  const actor = await requireAdmin(request, deps, 'read');
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
