/**
 * The message catalogue, public half: what visitors can see (and the server and admin share with them).
 * Every user-visible string of the product specification lives once, here or in staff-messages.ts (what only
 * staff see). The split keeps staff strings out of the public pages' JavaScript. Strings are verbatim from the
 * spec (section 8 and section 5).
 */

/** Section 8 "Generic messages": the per-status fallbacks of the user-message rule. */
export const GENERIC = {
  network: 'Network error occurred. Please check your internet connection.',
  server: 'Server error occurred. Please try again later.',
  timeout: 'Request timed out. Please try again.',
  notFound: 'Resource not found.',
  unauthorized: 'Unauthorized access.',
  forbidden: 'Access forbidden.',
  validation: 'Validation error occurred.',
  unexpected: 'An unexpected error occurred.',
  retrying: 'Connection issue detected. Retrying...',
} as const;

/** Public pages (spec section 2, 4 and 8 "Public"). */
export const PUBLIC = {
  invalidData: 'Invalid data format received',
  retryingConnection: 'Retrying connection...',
  servicesFetchFailed: 'Failed to fetch services',
  coursesFetchFailedPrefix: 'Failed to fetch courses: ',
  contentFetchFailed: (reason: string) => `Failed to fetch content: ${reason}`,
  careersFetchFailed: (reason: string) => `Failed to fetch careers: ${reason}`,
  emptyContent: 'No content available',
  emptyServices: 'No services available',
  emptyCareers: 'No career opportunities available',
  emptyCourses: 'No courses available',
  loadingCourses: 'Loading courses...',
  contactSuccess: 'Message sent successfully!',
  contactFailed: 'Failed to send message. Please try again.',
  contactNotSuccessful: 'Failed to send message',
  contactSending: 'Sending...',
  enrollAllRequired: 'All fields are required',
  enrollFailed: 'Failed to submit form. Please try again.',
  enrollCoursesFailed: 'Failed to load courses. Please try again later.',
  enrollSuccess: "Enrollment submitted successfully! We'll contact you soon.",
  enrollSubmitting: 'Submitting...',
  retry: 'Retry',
  readMore: 'Read More',
  readLess: 'Read Less',
  footerTagline: 'From Coding to Security, Supporting You at Every Step.',
  splashWelcome: 'Welcome to',
  splashSlogan: 'Where Innovation Meets Excellence',
} as const;

/** Admin validation messages (spec section 5). */
export const VALIDATION = {
  imageRequired: 'Please select an image',
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  pointsMinFour: 'Please provide at least 4 non-empty points',
  pointsMinOne: 'Please add at least one point',
  courseTitleRequired: 'Course title is required',
  isActiveInvalid: 'isActive must be true or false',
  /** Beyond the spec: server-side checks the spec's browser-only forms never needed. */
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  phoneRequired: 'Phone is required',
  phoneInvalid: 'Please enter a valid phone number',
  messageRequired: 'Message is required',
  courseRequired: 'Please choose a course',
  courseUnknown: 'The chosen course is not available',
  courseDuplicate: 'A course with this name already exists',
  tooLong: (max: number) => `Must be at most ${max} characters`,
  pointsMaxTen: 'At most 10 points are allowed',
  pointsInvalid: 'Points must be a list of text',
  totalCoursesInvalid: 'Total courses must be a whole number of 0 or more',
} as const;
