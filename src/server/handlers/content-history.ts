/**
 * A content item's history: its saved versions (each with who saved it) and making one of them current again.
 */
import type { ContentFamily } from '../../lib/collections.ts';
import { API } from '../../lib/api-messages.ts';
import { ALT_FIELD } from '../../lib/fields.ts';
import { auditAction } from '../audit/audit-log.ts';
import { notFound, ok } from '../http/respond.ts';
import type { StaffInput } from '../http/route-table.ts';
import { editorName, editorOf } from '../http/versions.ts';
import { pictureStored } from './content-images.ts';
import { present } from './content-read.ts';
import { withRelations } from './content-relations.ts';
import { writeUpdate } from './content-write.ts';
import { checkPublishable } from './publish-gate.ts';

export async function listRevisions(family: ContentFamily, { deps, params }: StaffInput) {
  const id = params.id ?? '';
  const revisions = await deps.repository.revisions(family.key, id);
  if (revisions.length === 0 && !(await deps.repository.get(family.key, id))) return notFound();
  return ok(
    revisions.map((revision) => ({
      ...revision,
      savedBy: editorName(revision.data),
      data: present(family, revision.data),
    })),
  );
}

/**
 * Makes a saved version current again (an update, so it is itself a new version). Its picture comes back only
 * while it is still stored: pictures are freed when no item holds them, and a version is not an item.
 */
export async function restoreRevision(family: ContentFamily, input: StaffInput, id: string, rev: string) {
  const { deps, actor } = input;
  const revision = (await deps.repository.revisions(family.key, id)).find(
    (candidate) => candidate.rev === rev,
  );
  const current = revision ? await deps.repository.get(family.key, id) : null;
  if (!revision || !current) return notFound();
  const fields: Record<string, unknown> = { published: revision.data.published };
  for (const field of family.fields) {
    if (field.kind !== 'image') fields[field.name] = revision.data[field.name];
  }
  if (family.image) {
    fields[ALT_FIELD] = revision.data[ALT_FIELD];
    const picture = revision.data.image;
    if (typeof picture === 'string' && (await pictureStored(family, deps, picture))) {
      Object.assign(fields, {
        image: picture,
        imageWidth: revision.data.imageWidth,
        imageHeight: revision.data.imageHeight,
      });
    }
  }
  // The version's slug is checked as a new one would be (the current one joins the history), and its
  // references must still have items behind them.
  const settled = await withRelations(family, deps, fields, current);
  await checkPublishable(family, deps, settled, current);
  const item = await writeUpdate(
    family,
    deps,
    id,
    { given: fields, current, settled, extra: {} },
    undefined,
    [],
    {
      editor: editorOf(actor),
    },
  );
  if (!item) return notFound();
  await auditAction(input, actor, {
    action: 'restore',
    family: family.key,
    item,
    detail: { source: 'history' },
  });
  return ok(present(family, item), { message: API.revisionRestored });
}
