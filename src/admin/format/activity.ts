/**
 * One Activity entry as a sentence: who did what to which item or person, in the words staff use.
 * Entries written before the handlers told the log their details (no name, no from → to) still read, more plainly.
 */
import { definitionOf, familyLabel } from '../../families/index.ts';
import { UNKNOWN_ADDRESS, type AuditDetail, type AuditEntry } from '../../lib/identity.ts';
import { settingLabel } from '../../lib/setting-changes.ts';
import { ACTIVITY_TEXT as T, ENQUIRY, SCHEDULE } from '../../lib/staff-messages.ts';

const statusLabel = (status: string) => ENQUIRY.statusLabels[status] ?? status;

/** The item an entry is about, as a phrase: “Web basics” in Home Courses, Asha Rao’s contact message. */
export function thingOf({ target }: Pick<AuditEntry, 'target'>): string {
  const definition = definitionOf(target.family);
  if (definition?.kind === 'singleton') return definition.name;
  if (definition?.kind === 'request')
    return target.title ? T.requestOf(target.title, definition.noun) : definition.unnamed;
  const section = familyLabel(target.family);
  return target.title ? T.titled(target.title, section) : T.untitled(section);
}

/** Who acted: their name when the entry has it, else their user ID. */
export const whoOf = (entry: Pick<AuditEntry, 'actor' | 'actorName'>) => entry.actorName || entry.actor;

/** A settings save's changes, each as “label from “old” to “new””; none for entries written before they were kept. */
const settingPhrases = (detail: AuditDetail | undefined): string[] =>
  (detail?.settings ?? []).map((change) =>
    T.settingChange(settingLabel(change.field), change.from, change.to),
  );

export function activitySentence(entry: AuditEntry): string {
  const who = whoOf(entry);
  const { target, detail } = entry;
  const thing = () => thingOf(entry);
  const person = target.title || T.someone;
  const passkey = target.title === 'passkey';
  switch (entry.action) {
    case 'sign-in':
      return T.signedIn(who, passkey);
    case 'sign-in-failed':
      return T.signInFailed(entry.actor, passkey);
    case 'sign-out':
      return T.signedOut(who);
    case 'create':
      return T.created(who, thing());
    case 'update':
      if (target.family === 'stats') return T.statsUpdated(who, detail?.from, detail?.to);
      if (target.family === 'siteSettings') {
        const changes = settingPhrases(detail);
        return changes.length > 0 ? T.settingsChanged(who, changes) : T.settingsUpdated(who);
      }
      return T.updated(who, thing());
    case 'delete':
      return T.deleted(who, thing());
    case 'purge':
      return T.purged(who, thing());
    case 'reorder':
      return T.reordered(who, familyLabel(target.family));
    case 'restore':
      if (target.family === 'siteSettings' && settingPhrases(detail).length > 0)
        return T.settingsRestored(who, settingPhrases(detail));
      if (detail?.source === 'trash') return T.restoredFromTrash(who, thing());
      if (detail?.source === 'history') return T.restoredVersion(who, thing());
      return T.restored(who, thing());
    case 'status-change':
      return detail?.from !== undefined && detail.to !== undefined
        ? T.statusChanged(who, statusLabel(detail.from), statusLabel(detail.to), thing())
        : T.statusChangedSomehow(who, thing());
    case 'note-change':
      return detail?.cleared ? T.noteRemoved(who, thing()) : T.noteSaved(who, thing());
    case 'export':
      if (target.family === 'backup') return T.exportedBackup(who);
      if (target.family === 'privacy') return T.exportedPersonalData(who, target.title);
      return T.exportedCsv(who, familyLabel(target.family));
    case 'erase':
      return T.erased(who, target.title);
    case 'account-create':
      return T.accountCreated(who, person);
    case 'account-update': {
      const changes = (detail?.changes ?? []).flatMap((change) => {
        const phrase = T.accountChanges[change] as ((name: string) => string) | undefined;
        return phrase ? [phrase(person)] : [];
      });
      return changes.length > 0 ? T.accountChanged(who, changes) : T.accountUpdated(who, person);
    }
    case 'account-delete':
      return T.accountDeleted(who, person);
    case 'password-change':
      return T.passwordChanged(who);
    case 'password-change-failed':
      return T.passwordChangeFailed(who);
    case 'password-reset':
      return T.temporaryPasswordSet(who, person);
    case 'passkey-add':
      return T.passkeyAdded(who, target.title ?? '');
    case 'passkey-remove':
      return T.passkeyRemoved(who, target.title ?? '');
    case 'sessions-revoke':
      return T.sessionsRevoked(who);
    case 'backup-restore':
      return T.restoredBackup(who, target.title ?? target.id ?? '', detail?.written, detail?.removed);
    case 'legacy-import':
      return T.importedLegacy(who, detail?.written, detail?.removed);
    case 'publish-now':
      return T.publishedNow(who);
    case 'preview-share':
      return T.sharedPreview(who, thing());
    case 'preview-revoke':
      return T.revokedPreview(who, thing());
    case 'scheduled-publish':
      return T.scheduledPublished(thing());
    case 'scheduled-unpublish':
      return T.scheduledUnpublished(thing());
    case 'schedule-cancel':
      return T.scheduleCancelled(who, SCHEDULE.changeWord[detail?.change ?? 'publish'], thing());
    default:
      return T.other(who, String(entry.action), thing());
  }
}

/** The address column: the client's address when the platform told it, nothing otherwise. */
export const addressOf = (entry: Pick<AuditEntry, 'ip'>) =>
  entry.ip && entry.ip !== UNKNOWN_ADDRESS ? entry.ip : '';
