/**
 * Contact requests: the /contact form's messages, personal data staff follow up.
 */
import { API, VALIDATION } from '../lib/api-messages.ts';
import { ACKNOWLEDGE, ADMIN, FAMILY_NOUNS } from '../lib/staff-messages.ts';
import { csvColumns, messageField, requestMessages, senderFields } from './common.ts';
import type { RequestDefinition } from './define.ts';

export const family = {
  key: 'contact',
  kind: 'request',
  fields: [...senderFields, messageField(VALIDATION.messageRequired)],
  titleField: 'name',
  admin: { route: 'contactData', path: 'contact-data', label: 'Contact Requests', group: 'section' },
  noun: FAMILY_NOUNS.contact.noun,
  unnamed: FAMILY_NOUNS.contact.unnamed,
  statuses: ['new', 'replied', 'closed'],
  csvColumns: csvColumns(),
  courseFilter: false,
  messages: requestMessages(ADMIN.contact),
  acknowledgement: ACKNOWLEDGE.contact,
  received: API.contactReceived,
} as const satisfies RequestDefinition<'contact'>;
