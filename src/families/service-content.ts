/**
 * The services page's offerings, each with its points (spec section 2).
 */
import { POINTS_MAX, SERVICE_POINTS_MIN } from '../lib/constants.ts';
import { VALIDATION } from '../lib/api-messages.ts';
import { ADMIN, CONFIRM } from '../lib/staff-messages.ts';
import { description, image, points, title, downscaled } from './common.ts';
import { defineContent } from './define.ts';

export const family = defineContent({
  key: 'serviceContent',
  fields: [
    image({ folder: 'services', storedAs: 'fileName', ...downscaled }),
    title,
    description,
    points({
      min: SERVICE_POINTS_MIN,
      minMessage: VALIDATION.pointsMinFour,
      max: POINTS_MAX,
      fixed: SERVICE_POINTS_MIN,
      initial: SERVICE_POINTS_MIN,
      keepAtLeast: SERVICE_POINTS_MIN,
    }),
  ],
  titleField: 'title',
  preview: { page: '/services' },
  admin: {
    route: 'serviceContent',
    path: 'service-content',
    label: 'Service Content',
    group: 'section',
    heading: 'Service Content',
    noun: 'Content',
    layout: 'list',
    listErrors: 'server-first',
    invalidData: ADMIN.serviceContent.invalidData,
  },
  confirmDelete: CONFIRM.content,
  messages: { ...ADMIN.serviceContent, imageFailed: ADMIN.homeService.imageFailed },
});
