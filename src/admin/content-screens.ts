/**
 * What is truly per screen for the five content families, on top of their registry entries (fields, paths,
 * schemas, image rule, confirmation, messages): the heading, the noun on the buttons, the list layout and the
 * spec's list-fetch error policy. The form and the list card are derived from the family's fields. Save and
 * delete failures show the server's reason whenever it sent one (docs/decisions.md 22).
 */
import { ApiError } from '../lib/api-client.ts';
import { contentFamilies, type ContentFamily, type ContentFamilyKey } from '../lib/collections.ts';
import { ADMIN } from '../lib/staff-messages.ts';

export interface ContentScreenConfig {
  family: ContentFamily;
  heading: string;
  /** Noun on the submit button: 'Add Content' / 'Update Content'. */
  noun: string;
  layout: 'grid' | 'list';
  /** When the browser cannot decode or downscale the picked image. */
  imageFailed: string;
  /** The message for a failed list fetch. */
  fetchError: (error: unknown) => string;
}

const isFormatError = (error: unknown) => error instanceof ApiError && error.kind === 'format';
const serverMessage = (error: unknown) => (error instanceof ApiError ? error.serverMessage : null);

export const CONTENT_SCREENS = {
  homeContent: {
    family: contentFamilies.homeContent,
    heading: 'Home Content',
    noun: 'Content',
    layout: 'grid',
    imageFailed: ADMIN.homeContent.imageFailed,
    // Spec: the server's message, else 'Server error occurred'; no response has its own text.
    fetchError: (error) => {
      if (!(error instanceof ApiError)) return ADMIN.homeContent.fetchFailed;
      if (error.serverMessage) return error.serverMessage;
      if (error.kind === 'http') return ADMIN.homeContent.fetchServerError;
      if (error.kind === 'network' || error.kind === 'timeout') return ADMIN.homeContent.noResponse;
      return ADMIN.homeContent.fetchFailed;
    },
  },
  homeService: {
    family: contentFamilies.homeService,
    heading: 'Home Services',
    noun: 'Service',
    layout: 'grid',
    imageFailed: ADMIN.homeService.imageFailed,
    fetchError: (error) =>
      isFormatError(error) ? ADMIN.homeService.invalidData : ADMIN.homeService.fetchFailed,
  },
  homeCourse: {
    family: contentFamilies.homeCourse,
    heading: 'Home Courses',
    noun: 'Course',
    layout: 'list',
    imageFailed: ADMIN.homeContent.imageFailed,
    fetchError: () => ADMIN.homeCourse.fetchFailed,
  },
  serviceContent: {
    family: contentFamilies.serviceContent,
    heading: 'Service Content',
    noun: 'Content',
    layout: 'list',
    imageFailed: ADMIN.homeService.imageFailed,
    fetchError: (error) =>
      serverMessage(error) ??
      (isFormatError(error) ? ADMIN.serviceContent.invalidData : ADMIN.serviceContent.fetchFailed),
  },
  career: {
    family: contentFamilies.career,
    heading: 'Career',
    noun: 'Career',
    layout: 'list',
    imageFailed: ADMIN.homeContent.imageFailed,
    fetchError: () => ADMIN.career.fetchFailed,
  },
} satisfies Record<ContentFamilyKey, ContentScreenConfig>;
