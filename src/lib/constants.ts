/** Business constants and limits from the spec (section 9), plus the few the architecture adds. */

export const API_PREFIX = '/api/v1';
/** Here rather than in the registry, so the login screen's chunk carries no zod and no schema. */
export const AUTH_PATHS = {
  login: `${API_PREFIX}/auth/login`,
  logout: `${API_PREFIX}/auth/logout`,
  session: `${API_PREFIX}/auth/session`,
} as const;
/** The owner's backup download (an archive of every family and picture, written by the server's backup module). */
export const BACKUP_PATH = `${API_PREFIX}/backup`;
/** One day in milliseconds, for retention cut-offs (days are whole UTC days of 24 h). */
export const DAY_MS = 86_400_000;
export const REQUEST_TIMEOUT_MS = 60_000;

export const PUBLIC_RETRY_MAX = 2;
export const PUBLIC_RETRY_BASE_DELAY_MS = 1_000;
export const PUBLIC_RETRY_MAX_DELAY_MS = 5_000;

export const ADMIN_STATS_RETRY_MAX = 3;
export const ADMIN_STATS_RETRY_DELAY_MS = 1_000;

export const STATS_POLL_INTERVAL_MS = 30_000;
export const COUNTER_START_DELAY_MS = 500;
export const COUNTER_COURSES_DURATION_MS = 2_000;
export const COUNTER_CUSTOMERS_DURATION_MS = 2_500;
export const COUNTER_VISIBILITY_THRESHOLD = 0.2;

export const ABOUT_STATIC = {
  totalProjects: 51,
  happyCustomers: 21,
} as const;
export const DEFAULT_TOTAL_ENROLMENTS = 21;

export const SLIDER_INTERVAL_MS = 3_000;
export const CAROUSEL_INTERVAL_MS = 3_000;
export const CAROUSEL_RESUME_MS = 3_000;
export const CAREER_TRUNCATE_CHARS = 200;
export const ADMIN_BANNER_CLEAR_MS = 3_000;

export const IMAGE_RESIZE_BOUND_PX = 1_200;
export const IMAGE_JPEG_QUALITY = 0.7;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Decompression-bomb guard: 40 megapixels is well above any phone photo. */
export const IMAGE_MAX_INPUT_PIXELS = 40_000_000;
/** Widths of the WebP variants written for srcset; the largest is the stored "main" image. */
export const IMAGE_VARIANT_WIDTHS = [400, 800, 1200] as const;
/** The extra variant of full-width pictures, wider than the main image, so wide screens are not shown an upscale. */
export const IMAGE_WIDE_VARIANT_WIDTH = 1_920;

export const SERVICE_POINTS_MIN = 4;
export const CAREER_POINTS_MIN = 1;
export const POINTS_MAX = 10;

export const SPLASH_BLUR_AT_MS = 2_500;
export const SPLASH_TOTAL_MS = 3_000;

/** Sane server-side length limits the spec leaves open. */
export const MAX_LENGTH = {
  title: 200,
  description: 5_000,
  point: 500,
  name: 120,
  email: 254,
  phone: 32,
  message: 5_000,
  courseName: 120,
  alt: 150,
  /** An e-mail address or a web address (how to apply for a career). */
  applyTo: 2_000,
} as const;

/** Deleted items stay restorable this long; the scheduled purge then removes them and frees their pictures. */
export const TRASH_RETENTION_DAYS = 30;
/** How long the admin's delete notice offers Undo. */
export const UNDO_WINDOW_MS = 10_000;
/**
 * How long an admin success message stays before it closes itself, counted once it offers no action
 * and while neither the pointer nor the focus is on it. Errors stay until dismissed: they need reading.
 */
export const SUCCESS_NOTICE_MS = 6_000;

/** Personal-data lists page server-side; an unparameterised GET returns up to this many, newest first. */
export const REQUEST_LIST_DEFAULT_LIMIT = 500;
export const REQUEST_LIST_MAX_LIMIT = 500;
/**
 * Requests one filtered list call reads at most, newest first, beyond what a status or batch index picks: a
 * search that has not filled its page by then answers what it found and a cursor to search further.
 */
export const SEARCH_SCAN_LIMIT = 2_000;

/** Contact and enrolment requests are kept this many days unless REQUEST_RETENTION_DAYS says otherwise. */
export const REQUEST_RETENTION_DAYS = 365;
/** The longest REQUEST_RETENTION_DAYS accepted (ten years). */
export const REQUEST_RETENTION_MAX_DAYS = 3650;

/**
 * Public submissions per client address (contact and enrolment, each on its own): sized for a classroom of 30+
 * behind one college NAT enrolling within the same minute, while a flood from one address still stops here.
 */
export const SUBMISSION_RATE_LIMIT = { limit: 60, windowSeconds: 60 } as const;
/**
 * Certificate lookups per address: an employer checking a pile of certificates stays well inside it;
 * a script walking numbers is stopped long before 40 random bits could matter.
 */
export const CERTIFICATE_LOOKUP_RATE_LIMIT = { limit: 60, windowSeconds: 600 } as const;
/** How long the CDN keeps a verification answer: the issue/revoke purge makes it current sooner. */
export const CERTIFICATE_CACHE_SECONDS = 300;
/** Public submissions per e-mail address and per phone number: one person resubmitting, never a class. */
export const SUBMISSION_SENDER_RATE_LIMIT = { limit: 3, windowSeconds: 600 } as const;
/**
 * Failed admin sign-ins per client IP (failures only, a success clears them), so colleagues behind one
 * office address never lock each other out while a guessing loop still stops.
 */
export const LOGIN_RATE_LIMIT = { limit: 10, windowSeconds: 900 } as const;
/**
 * Failed sign-ins for one user ID from one address, in multiples of LOGIN_RATE_LIMIT's limit: each allowance is
 * a little larger than the last and its window far longer, so a guesser who comes back after every lockout waits
 * longer each time (15 minutes, then up to an hour, 6 hours, a day), while the same user ID from any other address
 * is never locked by it (no lock one client can put on a colleague).
 */
export const LOGIN_REPEAT_LOCKOUTS = [
  { factor: 1.5, windowSeconds: 3_600 },
  { factor: 2, windowSeconds: 6 * 3_600 },
  { factor: 3, windowSeconds: 24 * 3_600 },
] as const;

export const SESSION_COOKIE_NAME = 'delta_session';
/** A session's absolute lifetime (the cookie's Max-Age); it also ends after 12 h idle (identity.ts). */
export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;

/** The hidden form field that only bots fill in; a filled one is answered like a success and stored nowhere. */
export const HONEYPOT_FIELD = 'website';
/**
 * The header a public form's submission carries: one random key per submission, the same on its retries, so the
 * server stores a retried submission once and answers it with the first answer.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * Milliseconds between the form appearing and its submission, sent by the public forms. A submission faster than
 * SUBMISSION_MIN_FILL_MS is a script and is treated like a honeypot hit; a body without the field (older
 * clients, API callers) is not checked.
 */
export const FILL_TIME_FIELD = 'fillMs';
/** No person reads a form, types a name, e-mail, phone and message and presses send within two seconds. */
export const SUBMISSION_MIN_FILL_MS = 2_000;
