/**
 * Every family of the site, one definition each, in sidebar order: adding a family is adding its definition here
 * (and its public section). Everything else — API routes, admin screens and navigation, trash and audit names,
 * backup and restore, build-time loaders — is derived from this list (src/lib/registry.ts,
 * docs/architecture.md "Adding a family").
 */
import { MAX_LENGTH, CAREER_POINTS_MIN, POINTS_MAX, SERVICE_POINTS_MIN } from './constants.ts';
import type { ImageField, PointsField, TextField } from './fields.ts';
import {
  defineContent,
  type FamilyDefinition,
  type RequestCsvColumn,
  type RequestDefinition,
} from './family-kinds.ts';
import { API } from './api-messages.ts';
import { VALIDATION } from './messages.ts';
import { ACKNOWLEDGE, ADMIN, CONFIRM, CSV_HEADERS, FAMILY_NOUNS } from './staff-messages.ts';

const title = {
  name: 'title',
  kind: 'text',
  label: 'Title',
  max: MAX_LENGTH.title,
  required: VALIDATION.titleRequired,
} as const satisfies TextField;
const description = {
  name: 'description',
  kind: 'textarea',
  label: 'Description',
  max: MAX_LENGTH.description,
  required: VALIDATION.descriptionRequired,
} as const satisfies TextField;
const downscaled = { requiredOnCreate: true, browserDownscale: true, hint: null } as const;
const image = <const O extends Omit<ImageField, 'name' | 'kind'>>(options: O) =>
  ({ name: 'image', kind: 'image', ...options }) as const satisfies ImageField;
const points = <const O extends Omit<PointsField<'points'>, 'name' | 'kind' | 'label'>>(options: O) =>
  ({ name: 'points', kind: 'points', label: 'Points', ...options }) as const satisfies PointsField;

const csvColumns = (...middle: RequestCsvColumn[]): readonly RequestCsvColumn[] => [
  { field: 'createdAt', header: CSV_HEADERS.received, format: 'time' },
  { field: 'name', header: CSV_HEADERS.name },
  { field: 'email', header: CSV_HEADERS.email },
  { field: 'phone', header: CSV_HEADERS.phone },
  ...middle,
  { field: 'message', header: CSV_HEADERS.message },
  { field: 'status', header: CSV_HEADERS.status, format: 'status' },
  { field: 'note', header: CSV_HEADERS.note },
  { field: 'updatedAt', header: CSV_HEADERS.updated, format: 'time' },
];
const requestMessages = (messages: RequestDefinition['messages']) => ({
  deleted: messages.deleted,
  empty: messages.empty,
  fetchFailed: messages.fetchFailed,
  deleteFailed: messages.deleteFailed,
});

export const FAMILY_DEFINITIONS = [
  defineContent({
    key: 'homeContent',
    fields: [image({ folder: 'content', storedAs: 'path', ...downscaled }), title],
    titleField: 'title',
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
  }),
  defineContent({
    key: 'homeService',
    fields: [
      image({ folder: 'services', storedAs: 'fileName', ...downscaled, hint: ADMIN.homeService.imageHint }),
      title,
      description,
    ],
    titleField: 'title',
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
  }),
  defineContent({
    key: 'homeCourse',
    fields: [title, description],
    titleField: 'title',
    admin: {
      route: 'homeCourses',
      path: 'home-courses',
      label: 'Home Courses',
      group: 'section',
      heading: 'Home Courses',
      noun: 'Course',
      layout: 'list',
      listErrors: 'fixed',
    },
    confirmDelete: null,
    messages: { ...ADMIN.homeCourse, imageFailed: ADMIN.homeContent.imageFailed },
  }),
  defineContent({
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
  }),
  defineContent({
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
  }),
  {
    key: 'contact',
    kind: 'request',
    titleField: 'name',
    admin: { route: 'contactData', path: 'contact-data', label: 'Contact Requests', group: 'section' },
    noun: FAMILY_NOUNS.contact.noun,
    unnamed: FAMILY_NOUNS.contact.unnamed,
    statuses: ['new', 'replied', 'closed'],
    csvColumns: csvColumns(),
    courseFilter: false,
    messages: requestMessages(ADMIN.contact),
    acknowledgement: ACKNOWLEDGE.contact,
    received: API.contactReceived,
  },
  {
    key: 'enroll',
    kind: 'request',
    titleField: 'name',
    admin: { route: 'enrollData', path: 'enroll-data', label: 'Enrollment Requests', group: 'section' },
    noun: FAMILY_NOUNS.enroll.noun,
    unnamed: FAMILY_NOUNS.enroll.unnamed,
    statuses: ['new', 'contacted', 'enrolled', 'declined'],
    csvColumns: csvColumns({ field: 'course', header: CSV_HEADERS.course }),
    courseFilter: true,
    messages: requestMessages(ADMIN.enroll),
    acknowledgement: ACKNOWLEDGE.enroll,
    received: API.enrollReceived,
  },
  {
    key: 'assessment',
    kind: 'request',
    titleField: 'organisation',
    // A tool, not a section: the spec's sidebar has nine links and keeps them.
    admin: { route: 'assessmentData', path: 'assessment-data', label: 'Assessment Requests', group: 'tool' },
    noun: FAMILY_NOUNS.assessment.noun,
    unnamed: FAMILY_NOUNS.assessment.unnamed,
    statuses: ['new', 'qualified', 'proposal-sent', 'won', 'lost'],
    csvColumns: [
      { field: 'createdAt', header: CSV_HEADERS.received, format: 'time' },
      { field: 'organisation', header: CSV_HEADERS.organisation },
      { field: 'name', header: CSV_HEADERS.name },
      { field: 'email', header: CSV_HEADERS.email },
      { field: 'phone', header: CSV_HEADERS.phone },
      { field: 'scope', header: CSV_HEADERS.scope, format: 'counts' },
      { field: 'environment', header: CSV_HEADERS.environment },
      { field: 'compliance', header: CSV_HEADERS.compliance, format: 'list' },
      { field: 'wantedBy', header: CSV_HEADERS.wantedBy, format: 'day' },
      { field: 'nda', header: CSV_HEADERS.nda },
      { field: 'gstin', header: CSV_HEADERS.gstin },
      { field: 'notes', header: CSV_HEADERS.notes },
      { field: 'source', header: CSV_HEADERS.source, format: 'source' },
      { field: 'status', header: CSV_HEADERS.status, format: 'status' },
      { field: 'note', header: CSV_HEADERS.note },
      { field: 'updatedAt', header: CSV_HEADERS.updated, format: 'time' },
    ],
    courseFilter: false,
    messages: requestMessages(ADMIN.assessment),
    acknowledgement: ACKNOWLEDGE.assessment,
    received: API.assessmentReceived,
    htmlForm: { thanks: '/services/assessment-received', refused: '/services#assessment' },
  },
  {
    key: 'enrollCourse',
    kind: 'lookup',
    titleField: 'courseName',
    admin: { route: 'courses', path: 'courses', label: 'Courses', group: 'section' },
    confirmDelete: CONFIRM.course,
  },
  {
    key: 'stats',
    kind: 'singleton',
    storage: 'document',
    name: FAMILY_NOUNS.stats,
    admin: { route: 'stats', path: 'stats', label: 'Stats', group: 'section' },
  },
  {
    key: 'siteSettings',
    kind: 'singleton',
    storage: 'item',
    // Not its key: the settings are one thing, not a list.
    segment: 'settings',
    name: FAMILY_NOUNS.siteSettings,
    admin: { route: 'siteSettings', path: 'site-settings', label: 'Site settings', group: 'tool' },
  },
] as const satisfies readonly FamilyDefinition[];
