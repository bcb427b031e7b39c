/**
 * What an admin request did, for the audit log, read from its method and path against the registry, so that a
 * new family's routes are logged without anyone remembering to. Sign-ins and account changes are logged by
 * their own handlers. Enquiries are named by id only: their titles would be personal data.
 */
import { API_PREFIX } from '../../lib/constants.ts';
import { CSV_EXPORT_NAME } from '../../lib/collections.ts';
import type { AuditAction, AuditEntry } from '../../lib/identity.ts';
import type { ApiRegistry } from '../handlers/api-router.ts';

export interface AuditDescription {
  action: AuditAction;
  target: AuditEntry['target'];
  /** The response's item names the target (a create learns its id from the answer). */
  fromResponse?: boolean;
}

/**
 * Segments whose handlers write their own entries (or hold nothing worth one); privacy's name whose data (masked)
 * and how much, which only the handler knows.
 */
const SELF_LOGGED = new Set(['auth', 'users', 'audit', 'privacy']);

export function describeAdminRequest(request: Request, registry: ApiRegistry): AuditDescription | null {
  const path = new URL(request.url).pathname.replace(/\/+$/, '');
  const parts = path
    .slice(API_PREFIX.length + 1)
    .split('/')
    .map(decodeURIComponent);
  const [first = '', second, third, fourth, fifth] = parts;
  const segment = first.toLowerCase();
  if (SELF_LOGGED.has(segment)) return null;
  const families = [
    ...registry.content,
    ...registry.requests,
    { key: 'enrollCourse', path: `${API_PREFIX}/enrollCourse` },
    { key: 'stats', path: `${API_PREFIX}/stats` },
  ];
  const family =
    families.find((candidate) => candidate.path.toLowerCase() === `${API_PREFIX}/${segment}`)?.key ?? segment;
  const method = request.method;
  if (method === 'GET') {
    if (second?.toLowerCase() === CSV_EXPORT_NAME.toLowerCase())
      return { action: 'export', target: { family } };
    if (segment === 'backup' && !second) return { action: 'export', target: { family: 'backup' } };
    return null;
  }
  if (segment === 'trash' && second && third && fourth === 'restore')
    return { action: 'restore', target: { family: second, id: third } };
  if (method === 'POST' && !second) return { action: 'create', target: { family }, fromResponse: true };
  if (method === 'PUT' && !second) return { action: 'update', target: { family } };
  if (method === 'PUT' && second === 'order' && !third) return { action: 'reorder', target: { family } };
  if (method === 'POST' && second && third === 'revisions' && fourth && fifth === 'restore')
    return { action: 'restore', target: { family, id: second }, fromResponse: true };
  if (!second || third) return null;
  if (method === 'PUT') return { action: 'update', target: { family, id: second }, fromResponse: true };
  if (method === 'PATCH') return { action: 'status-change', target: { family, id: second } };
  if (method === 'DELETE') return { action: 'delete', target: { family, id: second } };
  return null;
}

/** A content item's title from the response (`title`, or a course's name); never anything of an enquiry. */
export async function titleFrom(response: Response, family: string, registry: ApiRegistry) {
  if (registry.requests.some((candidate) => candidate.key === family)) return {};
  try {
    const body = (await response.clone().json()) as { data?: Record<string, unknown> };
    const data = body.data ?? {};
    const title =
      typeof data.title === 'string'
        ? data.title
        : typeof data.courseName === 'string'
          ? data.courseName
          : undefined;
    return {
      ...(typeof data._id === 'string' ? { id: data._id } : {}),
      ...(title ? { title: title.slice(0, 120) } : {}),
    };
  } catch {
    return {};
  }
}
