/**
 * What a notification says about one stored request: the e-mail's subject and text (every field, the time in
 * IST, a link to the request in the admin) and the webhook's JSON.
 */
import { ADMIN_REQUEST_PATHS } from '../../lib/enquiries.ts';
import { formatIst } from '../../lib/ist.ts';
import type { RequestFamilyKey } from '../../families/index.ts';
import { singleLine, withoutBidiControls } from '../../lib/single-line.ts';
import { ENROLMENT_LINK, NOTIFY } from '../../lib/staff-messages.ts';
import type { StoredItem } from '../repository/port.ts';
import { chatSafe } from './chat-markup.ts';
import { columnText } from './columns.ts';
import { requestFamilies } from '../../lib/collections.ts';

export interface WebhookPayload {
  type: RequestFamilyKey;
  id: string;
  name: string;
  email: string;
  phone: string;
  course?: string;
  /** The catalogue batch an enrolment is for, its name and IST dates. */
  batch?: string;
  message: string;
  /** A family beyond the spec's two (the assessment request): its other fields as staff read them. */
  fields?: Record<string, string>;
  createdAt: string;
  /**
   * A one-line summary: Slack and Teams incoming webhooks show `text`, Discord shows `content`. What the visitor
   * typed is in it with its chat markup neutralised (chat-markup.ts).
   */
  text: string;
  content: string;
  /** Discord's own switch: the message may mention no one, whatever its content says. */
  allowed_mentions: { parse: [] };
}

export interface Notification {
  subject: string;
  text: string;
  payload: WebhookPayload;
}

const FIELDS = ['name', 'email', 'phone', 'course', 'message'] as const;

/**
 * A stored field as the visitor typed it, for the webhook's JSON. What the e-mail writes on a line of its own goes
 * through singleLine (single-line.ts): a line break or bidi control in a name cannot forge another field's line.
 */
const typed = (item: StoredItem, key: string) => (typeof item[key] === 'string' ? item[key] : '');

/** The admin link that opens the request: its list, searched by the request's id. */
export const adminLink = (family: RequestFamilyKey, id: string, siteOrigin: string | null) =>
  `${siteOrigin ?? ''}${ADMIN_REQUEST_PATHS[family]}?q=${encodeURIComponent(id)}`;

/** The fields a family beyond contact and enrolment shows in its notification: its CSV's, but for the follow-up. */
const FOLLOW_UP = new Set(['createdAt', 'status', 'note', 'updatedAt', 'name', 'email', 'phone']);

/** The e-mail text and the webhook's JSON around what each family says: the same frame for every family. */
function framed(
  family: RequestFamilyKey,
  item: StoredItem,
  {
    subject,
    lines,
    summary,
    link,
    said,
  }: {
    subject: string;
    lines: string[];
    summary: string;
    link: string;
    said: Pick<WebhookPayload, 'course' | 'batch' | 'message' | 'fields'>;
  },
): Notification {
  const text = (key: string) => typed(item, key);
  return {
    subject,
    text: [...lines, '', NOTIFY.received(formatIst(item.createdAt)), NOTIFY.openInAdmin(link), ''].join('\n'),
    payload: {
      type: family,
      id: item._id,
      name: text('name'),
      email: text('email'),
      phone: text('phone'),
      ...said,
      createdAt: item.createdAt,
      text: summary,
      content: summary,
      allowed_mentions: { parse: [] },
    },
  };
}

/** An assessment request (and any later family): every field of its CSV, in its words. */
function composeOther(family: RequestFamilyKey, item: StoredItem, siteOrigin: string | null): Notification {
  const definition = requestFamilies[family];
  const text = (key: string) => singleLine(typed(item, key));
  const title = text(definition.titleField);
  const subject = NOTIFY.otherSubject(family, title, text('name'));
  const link = adminLink(family, item._id, siteOrigin);
  const fields = Object.fromEntries(
    definition.csvColumns
      .filter((column) => !FOLLOW_UP.has(column.field))
      .map((column) => [column.header, String(columnText(column, item, { labelled: true }) ?? '')]),
  );
  const lines = [
    `${NOTIFY.fieldLabels.name}: ${text('name')}`,
    `${NOTIFY.fieldLabels.email}: ${text('email')}`,
    `${NOTIFY.fieldLabels.phone}: ${text('phone')}`,
    // A column of several lines continues indented, so none of its lines can pass for another field.
    ...Object.entries(fields).map(([header, value]) => `${header}: ${value.replaceAll('\n', '\n  ')}`),
  ];
  const summary = `${NOTIFY.otherSubject(family, chatSafe(title), chatSafe(text('name')))} · ${link}`;
  return framed(family, item, {
    subject,
    lines,
    summary,
    link,
    said: { message: typed(item, 'notes'), fields },
  });
}

export function composeNotification(
  family: RequestFamilyKey,
  item: StoredItem,
  siteOrigin: string | null,
  /** An enrolment's batch as staff read it ("EH weekday evenings (12 Dec 2026 – 6 Feb 2027)"), when it has one. */
  batch: string | null = null,
): Notification {
  if (family !== 'contact' && family !== 'enroll') return composeOther(family, item, siteOrigin);
  const text = (key: string) => singleLine(typed(item, key));
  // An enrolment the student withdrew through their page is announced again, as a withdrawal (enrolments/withdraw.ts).
  const withdrawn = family === 'enroll' && typeof item.withdrawnAt === 'string';
  const subjectOf = (name: string, course: string) =>
    withdrawn
      ? ENROLMENT_LINK.withdrawnSubject(name, course)
      : family === 'enroll'
        ? NOTIFY.enrollSubject(name, course)
        : NOTIFY.contactSubject(name);
  const subject = subjectOf(text('name'), text('course'));
  const link = adminLink(family, item._id, siteOrigin);
  const fieldLines = FIELDS.filter((field) => field !== 'course' || family === 'enroll').flatMap((field) => [
    field === 'message'
      ? `${NOTIFY.fieldLabels[field]}:\n${withoutBidiControls(typed(item, field))}`
      : `${NOTIFY.fieldLabels[field]}: ${text(field)}`,
    ...(field === 'course' && batch ? [`${NOTIFY.fieldLabels.batch}: ${batch}`] : []),
  ]);
  const lines = withdrawn ? [ENROLMENT_LINK.withdrawnLine, '', ...fieldLines] : fieldLines;
  const summary = `${subjectOf(chatSafe(text('name')), chatSafe(text('course')))} · ${link}`;
  return framed(family, item, {
    subject,
    lines,
    summary,
    link,
    said: {
      ...(family === 'enroll' ? { course: typed(item, 'course') } : {}),
      ...(family === 'enroll' && batch ? { batch } : {}),
      message: typed(item, 'message'),
    },
  });
}
