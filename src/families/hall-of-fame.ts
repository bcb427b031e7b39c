/**
 * The hall of fame of the /security page: researchers thanked for their reports.
 */
import { MAX_LENGTH } from '../lib/constants.ts';
import { LINK_MAX } from './common.ts';
import { defineContent } from './define.ts';

/** The hall of fame screen's words: researchers thanked for their reports on the /security page. */
export const HALL_OF_FAME = {
  researcherLabel: 'Researcher',
  researcherRequired: "The researcher's name is required",
  summaryLabel: 'Finding',
  summaryHint:
    'One or two sentences on what was found and fixed, with no details that would help an attacker.',
  summaryRequired: 'Say what was found',
  dateLabel: 'Date reported',
  dateRequired: 'The date is required',
  linkLabel: "Researcher's link",
  linkHint: 'Their profile or write-up (https://…). Leave empty for none.',
  confirmDelete: 'Delete this hall of fame entry?',
  messages: {
    added: 'Hall of fame entry added',
    updated: 'Hall of fame entry updated',
    deleted: 'Hall of fame entry deleted',
    empty: 'No hall of fame entries yet',
    fetchFailed: 'Failed to fetch the hall of fame',
    addFailed: 'Failed to add the hall of fame entry',
    updateFailed: 'Failed to update the hall of fame entry',
    deleteFailed: 'Failed to delete the hall of fame entry',
    imageFailed: 'That picture could not be read',
  },
} as const;
export const family = defineContent({
  key: 'hallOfFame',
  fields: [
    {
      name: 'researcher',
      kind: 'text',
      label: HALL_OF_FAME.researcherLabel,
      max: MAX_LENGTH.title,
      required: HALL_OF_FAME.researcherRequired,
    },
    {
      name: 'summary',
      kind: 'textarea',
      label: HALL_OF_FAME.summaryLabel,
      hint: HALL_OF_FAME.summaryHint,
      max: MAX_LENGTH.description,
      required: HALL_OF_FAME.summaryRequired,
    },
    {
      name: 'reportedOn',
      kind: 'date',
      label: HALL_OF_FAME.dateLabel,
      required: HALL_OF_FAME.dateRequired,
    },
    {
      name: 'link',
      kind: 'url',
      label: HALL_OF_FAME.linkLabel,
      hint: HALL_OF_FAME.linkHint,
      max: LINK_MAX,
      required: null,
    },
  ],
  titleField: 'researcher',
  preview: { page: '/security' },
  admin: {
    route: 'hallOfFame',
    path: 'hall-of-fame',
    label: 'Hall of Fame',
    group: 'tool',
    heading: 'Hall of Fame',
    noun: 'Entry',
    layout: 'list',
    listErrors: 'fixed',
  },
  confirmDelete: HALL_OF_FAME.confirmDelete,
  messages: HALL_OF_FAME.messages,
});
