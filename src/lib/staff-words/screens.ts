/**
 * The spec's admin screens: delete confirmations, the families' nouns, success, failure and empty-state messages (spec section 8).
 * Part of the staff message catalogue (src/lib/staff-messages.ts).
 */

/** Delete confirmations (spec section 5), shown with the browser's confirm(). */
export const CONFIRM = {
  content: 'Are you sure you want to delete this content?',
  service: 'Are you sure you want to delete this service?',
  career: 'Are you sure you want to delete this career?',
  course: 'Are you sure you want to delete this course?',
  /** Beyond the spec: an empty or non-numeric stats value is saved as 0 (spec section 5), so ask first. */
  statsZero: (current: number) => `This sets the total courses from ${current} to 0. Save 0?`,
} as const;

/** What a family's item is called in a sentence of the Activity screen (the registry's definitions use them). */
export const FAMILY_NOUNS = {
  contact: { noun: 'contact message', unnamed: 'a contact message' },
  enroll: { noun: 'enrolment request', unnamed: 'an enrolment request' },
  assessment: { noun: 'assessment request', unnamed: 'an assessment request' },
  siteSettings: 'the site settings',
  stats: 'the stats',
} as const;

/** Admin success, failure and empty-state messages (spec section 8 "Admin", "Success", "Admin empty states"). */
export const ADMIN = {
  homeContent: {
    fetchServerError: 'Server error occurred',
    noResponse: 'No response from server. Please check your connection.',
    fetchFailed: 'Failed to fetch content',
    saveFailed: 'Error processing your request',
    imageFailed: 'Error processing image',
    deleteFailed: 'Failed to delete content',
    added: 'Content added successfully',
    updated: 'Content updated successfully',
    deleted: 'Content deleted successfully!',
    empty: 'No content added yet',
  },
  homeCourse: {
    fetchFailed: 'Failed to fetch courses',
    addFailed: 'Failed to add course',
    updateFailed: 'Failed to update course',
    deleteFailed: 'Failed to delete course',
    added: 'Course added successfully!',
    updated: 'Course updated successfully!',
    deleted: 'Course deleted successfully!',
    empty: 'No courses available',
  },
  homeService: {
    invalidData: 'Invalid data format received',
    fetchFailed: 'Failed to fetch services',
    imageFailed: 'Error processing image. Please try again.',
    saveFailed: 'Failed to process your request',
    deleteFailed: 'Failed to delete service',
    added: 'Service added successfully!',
    updated: 'Service updated successfully!',
    deleted: 'Service deleted successfully!',
    empty: 'No services available. Add your first service above.',
    imageHint: 'Supports: JPG, PNG, GIF (Max: 5MB)',
  },
  serviceContent: {
    invalidData: 'Invalid data format received',
    fetchFailed: 'Failed to fetch contents',
    updateFailed: 'Failed to update content',
    addFailed: 'Failed to add content',
    deleteFailed: 'Failed to delete content',
    added: 'Content added successfully',
    updated: 'Content updated successfully',
    deleted: 'Content deleted successfully!',
    empty: 'No service contents found',
  },
  career: {
    fetchFailed: 'Failed to fetch careers',
    updateFailed: 'Failed to update career',
    addFailed: 'Failed to add career',
    deleteFailed: 'Failed to delete career',
    added: 'Career added successfully!',
    updated: 'Career updated successfully!',
    deleted: 'Career deleted successfully!',
    empty: 'No careers available',
    applyToLabel: 'How to apply (optional)',
    applyToHint:
      'An e-mail address or a web address starting with https://, for the Apply button. Leave empty to use the one in Site settings.',
  },
  contact: {
    fetchFailed: 'Failed to fetch contacts',
    deleteFailed: 'Failed to delete contact',
    deleted: 'Contact deleted successfully!',
    empty: 'No contact requests available',
  },
  enroll: {
    fetchFailed: 'Failed to fetch enrollments',
    deleteFailed: 'Failed to delete enrollment',
    deleted: 'Enrollment deleted successfully!',
    empty: 'No enrollment requests available',
  },
  /** Security assessment requests (not a spec screen). */
  assessment: {
    fetchFailed: 'Failed to fetch assessment requests',
    deleteFailed: 'Failed to delete the assessment request',
    deleted: 'Assessment request deleted',
    empty: 'No assessment requests yet',
  },
  enrollCourse: {
    fetchFailed: 'Failed to load courses',
    addFailed: 'Failed to add course. Please try again.',
    deleteFailed: 'Failed to delete course',
    added: 'Course added successfully!',
    deleted: 'Course deleted successfully!',
    empty: 'No courses available. Add your first course above.',
    listTitle: (count: number) => `Available Courses (${count})`,
  },
  stats: {
    fetchFailed: 'Failed to fetch stats. Please try again later.',
    updateFailed: 'Failed to update stats. Please try again.',
    updated: 'Stats updated successfully',
  },
} as const;
