/**
 * The home page's service cards (spec section 2).
 */
import { ADMIN, CONFIRM } from '../lib/staff-messages.ts';
import { description, image, title, downscaled } from './common.ts';
import { defineContent } from './define.ts';

export const family = defineContent({
  key: 'homeService',
  fields: [
    image({ folder: 'services', storedAs: 'fileName', ...downscaled, hint: ADMIN.homeService.imageHint }),
    title,
    description,
  ],
  titleField: 'title',
  preview: { page: '/' },
  admin: {
    route: 'homeServices',
    path: 'home-services',
    label: 'Home Services',
    group: 'section',
    heading: 'Home Services',
    noun: 'Service',
    layout: 'grid',
    listErrors: 'format',
    invalidData: ADMIN.homeService.invalidData,
  },
  confirmDelete: CONFIRM.service,
  messages: {
    ...ADMIN.homeService,
    addFailed: ADMIN.homeService.saveFailed,
    updateFailed: ADMIN.homeService.saveFailed,
  },
});
