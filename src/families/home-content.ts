/**
 * The home page's slider: a picture and a title per slide (spec section 2).
 */
import { ADMIN, CONFIRM } from '../lib/staff-messages.ts';
import { image, title, downscaled } from './common.ts';
import { defineContent } from './define.ts';

export const family = defineContent({
  key: 'homeContent',
  fields: [image({ folder: 'content', storedAs: 'path', ...downscaled }), title],
  titleField: 'title',
  preview: { page: '/' },
  admin: {
    route: 'homeContent',
    path: 'home-content',
    label: 'Home Content',
    group: 'section',
    heading: 'Home Content',
    noun: 'Content',
    layout: 'grid',
    listErrors: 'spec-home',
    fetchServerError: ADMIN.homeContent.fetchServerError,
    noResponse: ADMIN.homeContent.noResponse,
  },
  confirmDelete: CONFIRM.content,
  messages: {
    ...ADMIN.homeContent,
    addFailed: ADMIN.homeContent.saveFailed,
    updateFailed: ADMIN.homeContent.saveFailed,
  },
});
