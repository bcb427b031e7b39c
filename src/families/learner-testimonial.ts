/**
 * Testimonials from verified learners, written through the certificate e-mail's link (a draft until staff
 * publish it); the name, certificate link and course show only with the learner's consent (publicWhen).
 */
import type { BooleanField, DateField, SelectField, TextField } from '../lib/fields.ts';
import { defineContent } from './define.ts';

/** The screen's words for testimonials learners write through their certificate e-mail's link. */
export const LEARNER_TESTIMONIALS = {
  heading: 'Learner Testimonials',
  noun: 'Testimonial',
  hint: 'Written by learners through the link in their certificate e-mail; each arrives as a draft. Publish it to show it on the home page and its course page as "Verified learner". Only what the learner allowed is shown: their name (with the link to their certificate) and their course. A learner can withdraw it through the same link, which deletes it.',
  name: "Learner's name",
  showName: 'The learner allows their name (and the link to their certificate) to be shown',
  quote: 'What they wrote',
  quoteRequired: 'The testimonial text is required',
  rating: 'Rating (1 to 5)',
  course: 'Course',
  showCourse: 'The learner allows their course to be shown',
  certificateNumber: 'Certificate number',
  issuedOn: 'Certificate issued on',
  confirmDelete: 'Delete this testimonial?',
  messages: {
    added: 'Testimonial added',
    updated: 'Testimonial updated',
    deleted: 'Testimonial deleted',
    empty: 'No testimonials from learners yet',
    fetchFailed: 'Failed to fetch the testimonials',
    addFailed: 'Failed to add the testimonial',
    updateFailed: 'Failed to update the testimonial',
    deleteFailed: 'Failed to delete the testimonial',
    imageFailed: 'That picture could not be read',
  },
} as const;
export const family = defineContent({
  key: 'learnerTestimonial',
  fields: [
    {
      name: 'quote',
      kind: 'textarea',
      label: LEARNER_TESTIMONIALS.quote,
      max: 600,
      required: LEARNER_TESTIMONIALS.quoteRequired,
    } as const satisfies TextField,
    {
      name: 'rating',
      kind: 'select',
      label: LEARNER_TESTIMONIALS.rating,
      required: null,
      options: ['1', '2', '3', '4', '5'].map((value) => ({ value, label: value })),
    } as const satisfies SelectField,
    {
      name: 'name',
      kind: 'text',
      label: LEARNER_TESTIMONIALS.name,
      max: 120,
      // Optional: a field kept private (publicWhen) is absent from the build's data.
      required: null,
      publicWhen: 'showName',
    } as const satisfies TextField,
    {
      name: 'certificateNumber',
      kind: 'text',
      label: LEARNER_TESTIMONIALS.certificateNumber,
      max: 40,
      required: null,
      format: 'serial',
      publicWhen: 'showName',
    } as const satisfies TextField,
    {
      name: 'showName',
      kind: 'boolean',
      label: LEARNER_TESTIMONIALS.showName,
    } as const satisfies BooleanField,
    {
      name: 'course',
      kind: 'text',
      label: LEARNER_TESTIMONIALS.course,
      max: 160,
      required: null,
      publicWhen: 'showCourse',
    } as const satisfies TextField,
    {
      name: 'showCourse',
      kind: 'boolean',
      label: LEARNER_TESTIMONIALS.showCourse,
    } as const satisfies BooleanField,
    {
      name: 'issuedOn',
      kind: 'date',
      label: LEARNER_TESTIMONIALS.issuedOn,
      required: null,
    } as const satisfies DateField,
  ],
  titleField: 'quote',
  preview: { page: '/' },
  admin: {
    route: 'learnerTestimonials',
    path: 'learner-testimonials',
    label: LEARNER_TESTIMONIALS.heading,
    group: 'tool',
    heading: LEARNER_TESTIMONIALS.heading,
    noun: LEARNER_TESTIMONIALS.noun,
    layout: 'list',
    listErrors: 'fixed',
    hint: LEARNER_TESTIMONIALS.hint,
  },
  confirmDelete: LEARNER_TESTIMONIALS.confirmDelete,
  messages: LEARNER_TESTIMONIALS.messages,
});
