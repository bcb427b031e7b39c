/**
 * How each of the five content families appears in the admin, on top of its registry entry (paths, schemas,
 * image rule, confirmation, messages). One generic screen reads this; the families differ only in data here.
 */
import { ApiError } from '../lib/api-client.ts';
import { contentFamilies, type ContentFamily, type ContentFamilyKey } from '../lib/collections.ts';
import { CAREER_POINTS_MIN, POINTS_MAX, SERVICE_POINTS_MIN } from '../lib/constants.ts';
import { ADMIN } from '../lib/messages.ts';

export interface PointsRule {
  /** Inputs the form starts with and that cannot be removed (service content: 4). */
  fixed: number;
  /** Inputs the form starts with. */
  initial: number;
  /** Points can be removed while more than this many inputs remain (career: 1). */
  keepAtLeast: number;
  max: number;
}

export interface ContentScreenConfig {
  family: ContentFamily;
  heading: string;
  /** Noun on the submit button: 'Add Content' / 'Update Content'. */
  noun: string;
  description: boolean;
  points: PointsRule | null;
  layout: 'grid' | 'list';
  /** Shown under the image picker (home services: displayed, not enforced). */
  imageHint: string | null;
  /** When the browser cannot decode or downscale the picked image. */
  imageFailed: string;
  /** The message for a failed list fetch. */
  fetchError: (error: unknown) => string;
  /** Whether the server's message replaces the family's failure message on save and delete (spec section 8). */
  preferServerMessage: boolean;
}

const isFormatError = (error: unknown) => error instanceof ApiError && error.kind === 'format';
const serverMessage = (error: unknown) => (error instanceof ApiError ? error.serverMessage : null);

export const CONTENT_SCREENS: Record<ContentFamilyKey, ContentScreenConfig> = {
  homeContent: {
    family: contentFamilies.homeContent,
    heading: 'Home Content',
    noun: 'Content',
    description: false,
    points: null,
    layout: 'grid',
    imageHint: null,
    imageFailed: ADMIN.homeContent.imageFailed,
    // Spec: the server's message, else 'Server error occurred'; no response has its own text.
    fetchError: (error) => {
      if (!(error instanceof ApiError)) return ADMIN.homeContent.fetchFailed;
      if (error.serverMessage) return error.serverMessage;
      if (error.kind === 'http') return ADMIN.homeContent.fetchServerError;
      if (error.kind === 'network' || error.kind === 'timeout') return ADMIN.homeContent.noResponse;
      return ADMIN.homeContent.fetchFailed;
    },
    preferServerMessage: true,
  },
  homeService: {
    family: contentFamilies.homeService,
    heading: 'Home Services',
    noun: 'Service',
    description: true,
    points: null,
    layout: 'grid',
    imageHint: ADMIN.homeService.imageHint,
    imageFailed: ADMIN.homeService.imageFailed,
    fetchError: (error) =>
      isFormatError(error) ? ADMIN.homeService.invalidData : ADMIN.homeService.fetchFailed,
    preferServerMessage: false,
  },
  homeCourse: {
    family: contentFamilies.homeCourse,
    heading: 'Home Courses',
    noun: 'Course',
    description: true,
    points: null,
    layout: 'list',
    imageHint: null,
    imageFailed: ADMIN.homeContent.imageFailed,
    fetchError: () => ADMIN.homeCourse.fetchFailed,
    preferServerMessage: false,
  },
  serviceContent: {
    family: contentFamilies.serviceContent,
    heading: 'Service Content',
    noun: 'Content',
    description: true,
    points: {
      fixed: SERVICE_POINTS_MIN,
      initial: SERVICE_POINTS_MIN,
      keepAtLeast: SERVICE_POINTS_MIN,
      max: POINTS_MAX,
    },
    layout: 'list',
    imageHint: null,
    imageFailed: ADMIN.homeService.imageFailed,
    fetchError: (error) =>
      serverMessage(error) ??
      (isFormatError(error) ? ADMIN.serviceContent.invalidData : ADMIN.serviceContent.fetchFailed),
    preferServerMessage: true,
  },
  career: {
    family: contentFamilies.career,
    heading: 'Career',
    noun: 'Career',
    description: true,
    points: { fixed: 0, initial: CAREER_POINTS_MIN, keepAtLeast: CAREER_POINTS_MIN, max: POINTS_MAX },
    layout: 'list',
    imageHint: null,
    imageFailed: ADMIN.homeContent.imageFailed,
    fetchError: () => ADMIN.career.fetchFailed,
    preferServerMessage: false,
  },
};
