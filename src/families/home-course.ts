/**
 * The home page's "Who Can JOIN" cards (spec section 2): who the training is for.
 */
import { ADMIN, CATALOGUE } from '../lib/staff-messages.ts';
import { description, title } from './common.ts';
import { defineContent } from './define.ts';

export const family = defineContent({
  key: 'homeCourse',
  fields: [title, description],
  titleField: 'title',
  preview: { page: '/' },
  admin: {
    route: 'homeCourses',
    path: 'home-courses',
    label: 'Home Courses',
    group: 'section',
    heading: 'Home Courses',
    noun: 'Course',
    layout: 'list',
    listErrors: 'fixed',
    hint: CATALOGUE.homeCourseHint,
  },
  confirmDelete: null,
  messages: { ...ADMIN.homeCourse, imageFailed: ADMIN.homeContent.imageFailed },
});
