/**
 * The course catalogue's trainers: shown on their courses' pages and on /about.
 */
import { catalogueMessages, cataloguePicture, lines } from './common.ts';
import type { TextField, UrlField } from '../lib/fields.ts';
import { defineContent } from './define.ts';

/** The trainer screen's words: labels, required and list messages. */
export const TRAINER_WORDS = {
  heading: 'Trainers',
  noun: 'Trainer',
  hint: 'The people who teach. Each course names its trainers; they show on its page and on /about.',
  confirmDelete: 'Delete this trainer?',
  name: 'Name',
  nameRequired: 'Name the trainer',
  role: 'Role',
  qualifications: 'Qualifications',
  bio: 'Short bio',
  linkedIn: 'LinkedIn profile (optional)',
  added: 'Trainer added',
  updated: 'Trainer updated',
  deleted: 'Trainer deleted',
  empty: 'No trainers yet. Add the first one above.',
  fetchFailed: 'Failed to fetch trainers',
  addFailed: 'Failed to add the trainer',
  updateFailed: 'Failed to update the trainer',
  deleteFailed: 'Failed to delete the trainer',
  imageFailed: 'That picture could not be read',
} as const;
export const family = defineContent({
  key: 'trainer',
  fields: [
    cataloguePicture('trainers'),
    {
      name: 'name',
      kind: 'text',
      label: TRAINER_WORDS.name,
      max: 80,
      required: TRAINER_WORDS.nameRequired,
    } as const satisfies TextField,
    {
      name: 'role',
      kind: 'text',
      label: TRAINER_WORDS.role,
      max: 80,
      required: null,
    } as const satisfies TextField,
    lines('qualifications', TRAINER_WORDS.qualifications, 10),
    {
      name: 'bio',
      kind: 'textarea',
      label: TRAINER_WORDS.bio,
      max: 600,
      required: null,
    } as const satisfies TextField,
    {
      name: 'linkedIn',
      kind: 'url',
      label: TRAINER_WORDS.linkedIn,
      max: 200,
      required: null,
    } as const satisfies UrlField,
  ],
  titleField: 'name',
  preview: { page: '/about' },
  admin: {
    route: 'trainers',
    path: 'trainers',
    label: TRAINER_WORDS.heading,
    group: 'catalogue',
    heading: TRAINER_WORDS.heading,
    noun: TRAINER_WORDS.noun,
    layout: 'list',
    listErrors: 'fixed',
    hint: TRAINER_WORDS.hint,
  },
  confirmDelete: TRAINER_WORDS.confirmDelete,
  messages: catalogueMessages(TRAINER_WORDS),
});
