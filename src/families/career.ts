/**
 * The career page's openings (spec section 2).
 */
import { CAREER_POINTS_MIN, MAX_LENGTH, POINTS_MAX } from '../lib/constants.ts';
import { VALIDATION } from '../lib/api-messages.ts';
import { ADMIN, CONFIRM } from '../lib/staff-messages.ts';
import { description, image, points, title } from './common.ts';
import { defineContent } from './define.ts';

export const family = defineContent({
  key: 'career',
  fields: [
    image({
      folder: 'careers',
      storedAs: 'fileName',
      requiredOnCreate: false,
      browserDownscale: false,
      hint: null,
    }),
    title,
    description,
    points({
      min: CAREER_POINTS_MIN,
      minMessage: VALIDATION.pointsMinOne,
      max: POINTS_MAX,
      fixed: 0,
      initial: CAREER_POINTS_MIN,
      keepAtLeast: CAREER_POINTS_MIN,
    }),
    {
      name: 'applyTo',
      kind: 'text',
      label: ADMIN.career.applyToLabel,
      hint: ADMIN.career.applyToHint,
      max: MAX_LENGTH.applyTo,
      required: null,
      format: 'applyTo',
    },
  ],
  titleField: 'title',
  preview: { page: '/career' },
  admin: {
    route: 'career',
    path: 'career',
    label: 'Career',
    group: 'section',
    heading: 'Career',
    noun: 'Career',
    layout: 'list',
    listErrors: 'fixed',
  },
  confirmDelete: CONFIRM.career,
  messages: { ...ADMIN.career, imageFailed: ADMIN.homeContent.imageFailed },
});
