/**
 * Fixture families that use every field kind (issue 20.2): trainers, courses that list trainers and have a
 * slug, a fee, modules and more, and batches that refer to a course. They exist only in tests, served from a
 * registry that includes them, so the kinds are proved end to end with no product file knowing them.
 */
import {
  contentFamilies,
  contentFamily,
  requestFamilies,
  type ContentMessages,
} from '../../src/lib/collections.ts';
import {
  booleanField,
  dateField,
  dateTimeField,
  emailField,
  groupField,
  imageField,
  integerField,
  markdownField,
  moneyField,
  pointsField,
  referenceField,
  referencesField,
  selectField,
  slugField,
  textField,
  urlField,
} from '../../src/lib/fields.ts';

const messages = (noun: string): ContentMessages => ({
  added: `${noun} added`,
  updated: `${noun} updated`,
  deleted: `${noun} deleted`,
  empty: `No ${noun.toLowerCase()}s yet`,
  fetchFailed: `Could not load ${noun.toLowerCase()}s`,
  addFailed: `Could not add the ${noun.toLowerCase()}`,
  updateFailed: `Could not update the ${noun.toLowerCase()}`,
  deleteFailed: `Could not delete the ${noun.toLowerCase()}`,
});

export const trainerFamily = contentFamily('kindTrainer', {
  fields: [
    textField('name', { label: 'Name', max: 80, required: 'Name the trainer' }),
    emailField('email', { label: 'E-mail', max: 120, required: null }),
  ],
  confirmDelete: 'Delete this trainer?',
  messages: messages('Trainer'),
});

export const courseFamily = contentFamily('kindCourse', {
  fields: [
    textField('title', { label: 'Title', max: 80, required: 'Name the course' }),
    slugField('slug', { label: 'Address', from: 'title', max: 60 }),
    markdownField('body', { label: 'About', max: 5000, required: null }),
    moneyField('fee', { label: 'Fee', required: 'What does it cost?' }),
    dateField('starts', { label: 'Starts', required: null }),
    integerField('hours', { label: 'Hours', required: null, min: 1, max: 500 }),
    selectField('level', {
      label: 'Level',
      required: null,
      options: [
        { value: 'beginner', label: 'Beginner' },
        { value: 'advanced', label: 'Advanced' },
      ],
    }),
    booleanField('featured', { label: 'Featured' }),
    urlField('syllabus', { label: 'Syllabus', max: 200, required: null }),
    referencesField('trainers', { label: 'Trainers', to: 'kindTrainer', min: 0, max: 5 }),
    groupField('modules', {
      label: 'Modules',
      noun: 'Module',
      min: 0,
      max: 10,
      fields: [
        textField('title', { label: 'Module title', max: 80, required: 'Name the module' }),
        pointsField('topics', {
          label: 'Topics',
          min: 0,
          minMessage: '',
          max: 10,
          fixed: 0,
          initial: 1,
          keepAtLeast: 0,
        }),
      ],
    }),
  ],
  confirmDelete: 'Delete this course?',
  messages: messages('Course'),
});

export const batchFamily = contentFamily('kindBatch', {
  fields: [
    imageField({
      folder: 'content',
      storedAs: 'fileName',
      requiredOnCreate: false,
      browserDownscale: false,
      hint: null,
    }),
    textField('title', { label: 'Batch', max: 80, required: 'Name the batch' }),
    referenceField('course', { label: 'Course', to: 'kindCourse', required: 'Choose the course' }),
    dateTimeField('firstClass', { label: 'First class', required: null }),
    integerField('seats', { label: 'Seats', required: 'How many seats?', min: 1, max: 60 }),
    // A reference inside a repeatable group: each session's trainer.
    groupField('sessions', {
      label: 'Sessions',
      noun: 'Session',
      min: 0,
      max: 10,
      fields: [
        textField('topic', { label: 'Topic', max: 80, required: 'Name the session' }),
        referenceField('trainer', { label: 'Trainer', to: 'kindTrainer', required: null }),
      ],
    }),
  ],
  confirmDelete: 'Delete this batch?',
  messages: messages('Batch'),
});

/** The real registry plus the fixture families. */
export const kindRegistry = {
  content: [...Object.values(contentFamilies), trainerFamily, courseFamily, batchFamily],
  requests: Object.values(requestFamilies),
};
