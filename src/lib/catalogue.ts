/**
 * The course catalogue as the public pages show it: each published course with its trainers and its
 * batches (state and seats derived, src/lib/batches.ts), the fee a batch charges, the filters of /courses, and
 * the pages' structured data (schema.org Course, CourseInstance and ItemList). Pure and zod-free: the pages pass
 * in what the build read, so the tests can build the same from plain objects.
 */
import { isBookable, type BatchAvailability, type BatchState } from './batches.ts';
import { formatPaise } from './fields/money.ts';
import { utcToIstDay } from './ist.ts';

export interface CatalogueTrainer {
  _id: string;
  name: string;
  role?: string | undefined;
  qualifications?: readonly string[] | undefined;
  bio?: string | undefined;
  linkedIn?: string | undefined;
  image?: string | undefined;
  imageWidth?: number | undefined;
  imageHeight?: number | undefined;
  alt?: string | undefined;
}

export interface CatalogueCourse {
  _id: string;
  title: string;
  /** Another Courses name the course is listed under (its batches' requests store the title all the same). */
  enrollName?: string | undefined;
  slug: string;
  slugHistory?: readonly string[] | undefined;
  summary?: string | undefined;
  description?: string | undefined;
  syllabus?: readonly { title?: string | undefined; topics?: readonly string[] | undefined }[] | undefined;
  duration?: string | undefined;
  level?: string | undefined;
  prerequisites?: string | undefined;
  outcomes?: readonly string[] | undefined;
  fee?: number | null | undefined;
  gstIncluded?: boolean | undefined;
  trainers?: readonly string[] | undefined;
  faq?: readonly { question?: string | undefined; answer?: string | undefined }[] | undefined;
  refundPolicy?: string | undefined;
  image?: string | undefined;
  imageWidth?: number | undefined;
  imageHeight?: number | undefined;
  alt?: string | undefined;
}

export interface CatalogueBatch {
  _id: string;
  name: string;
  course: string;
  startDate: string;
  endDate: string;
  schedule: string;
  mode: string;
  venue?: string | undefined;
  capacity: number;
  feeOverride?: number | null | undefined;
  earlyBirdFee?: number | null | undefined;
  earlyBirdUntil?: string | undefined;
}

export const COURSE_MODES = ['online', 'classroom', 'hybrid'] as const;
export const COURSE_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type CourseMode = (typeof COURSE_MODES)[number];
export type CourseLevel = (typeof COURSE_LEVELS)[number];

/** A batch as a page shows it: its own fields, its seats and state, and the fee it charges. */
export interface ShownBatch extends CatalogueBatch {
  seatsLeft: number;
  state: BatchState;
  /** In paise: the batch's own fee, else the course's; null when neither is set. */
  fee: number | null;
  startDay: string;
  endDay: string;
}

export interface ShownCourse extends CatalogueCourse {
  teachers: CatalogueTrainer[];
  /** Every batch that has not finished, first start first. */
  batches: ShownBatch[];
  /** The first batch a visitor may still ask a seat of (open, filling or full), if any. */
  next: ShownBatch | null;
}

/** A verified learner's testimonial as src/components/VerifiedLearners.astro shows it (its public fields). */
export interface ShownTestimonial {
  _id: string;
  quote?: string | undefined;
  name?: string | undefined;
  course?: string | undefined;
  rating?: string | number | undefined;
  issuedOn?: string | undefined;
  certificateNumber?: string | undefined;
}

/** What src/components/CourseBody.astro shows: the catalogue's course and what the page resolves around it. */
export interface CourseBodyProps {
  course: ShownCourse;
  /** The course's refund policy, else Site settings' (refundPolicyOf); '' for none. */
  refundPolicy: string;
  /** Site settings' WhatsApp number, for each batch's question link. */
  whatsappNumber: string;
  /** Today in IST (YYYY-MM-DD): whether a batch's early-bird fee still shows. */
  today: string;
  /** Site settings' GSTIN: whether the fees say anything about GST (src/lib/gst.ts). */
  gstin: string;
  /** The course's verified learners (testimonialsOf), in the admin's order. */
  testimonials: readonly ShownTestimonial[];
}

/** The course's own refund policy, else Site settings': '' when neither has one. */
export function refundPolicyOf(course: Pick<CatalogueCourse, 'refundPolicy'>, settings: unknown): string {
  const fallback = (settings as Record<string, unknown> | null | undefined)?.refundPolicy;
  return course.refundPolicy?.trim() || (typeof fallback === 'string' ? fallback.trim() : '');
}

/** The testimonials of one course's learners (matched by the course's title, as certificates name it). */
export function testimonialsOf<T extends { course?: string | undefined }>(
  items: readonly T[],
  course: string,
): T[] {
  const wanted = course.trim().toLocaleLowerCase('en');
  if (!wanted) return [...items];
  return items.filter((item) => (item.course ?? '').trim().toLocaleLowerCase('en') === wanted);
}

/** The courses, each with its trainers (in the course's order) and its batches that have not finished. */
export function catalogue(
  courses: readonly CatalogueCourse[],
  trainers: readonly CatalogueTrainer[],
  batches: readonly CatalogueBatch[],
  availability: readonly BatchAvailability[],
): ShownCourse[] {
  return courses.map((course) => {
    const shown = batches
      .filter((batch) => batch.course === course._id)
      .flatMap((batch): ShownBatch[] => {
        const seats = availability.find((entry) => entry._id === batch._id);
        if (!seats || seats.state === 'finished') return [];
        return [
          {
            ...batch,
            seatsLeft: seats.seatsLeft,
            state: seats.state,
            fee: batch.feeOverride ?? course.fee ?? null,
            startDay: utcToIstDay(batch.startDate),
            endDay: utcToIstDay(batch.endDate),
          },
        ];
      })
      .sort((a, b) => a.startDate.localeCompare(b.startDate));
    const teachers = (course.trainers ?? []).flatMap((id) =>
      trainers.filter((trainer) => trainer._id === id),
    );
    return {
      ...course,
      teachers,
      batches: shown,
      next: shown.find((batch) => isBookable(batch.state)) ?? null,
    };
  });
}

/** The courses a filter page lists: those at a level, or with a batch still to book in a mode. */
export const byLevel = (courses: readonly ShownCourse[], level: string) =>
  courses.filter((course) => course.level === level);
export const byMode = (courses: readonly ShownCourse[], mode: string) =>
  courses.filter((course) => course.batches.some((batch) => batch.mode === mode && isBookable(batch.state)));

/** The fee as the page says it: '₹25,000', or '' when there is none. */
export const feeText = (paise: number | null | undefined) =>
  typeof paise === 'number' ? formatPaise(paise) : '';

/** Whether an early-bird fee still applies on the IST day `today`. */
export const earlyBirdOpen = (batch: CatalogueBatch, today: string) =>
  typeof batch.earlyBirdFee === 'number' &&
  utcToIstDay(batch.earlyBirdUntil) !== '' &&
  today <= utcToIstDay(batch.earlyBirdUntil);

/** Where "Enrol" (and "Join the waitlist") sends a visitor: the enrolment form with the batch chosen. */
export const enrolHref = (batchId: string) => `/enroll?batch=${encodeURIComponent(batchId)}`;
export const coursePath = (slug: string) => `/courses/${slug}`;
/** The course's brochure, made at build time beside its page. */
export const brochurePath = (slug: string) => `${coursePath(slug)}/brochure.pdf`;

// Structured data (https://schema.org/Course, https://schema.org/CourseInstance, https://schema.org/ItemList).

const SCHEMA_MODE: Record<string, string> = { online: 'Online', classroom: 'Onsite', hybrid: 'Blended' };

/** "8 weeks, 48 hours" → 'PT48H': the workload schema.org wants as an ISO 8601 duration; null when unsaid. */
export function workloadOf(duration: string | undefined): string | null {
  const hours = /(\d+)\s*(?:hours?|hrs?)\b/i.exec(duration ?? '');
  return hours ? `PT${hours[1]}H` : null;
}

const rupees = (paise: number) => (paise / 100).toFixed(2);

interface Provider {
  name: string;
  url: string;
}

function instanceOf(course: ShownCourse, batch: ShownBatch, pageUrl: string) {
  const workload = workloadOf(course.duration);
  return {
    '@type': 'CourseInstance',
    name: batch.name,
    courseMode: SCHEMA_MODE[batch.mode] ?? batch.mode,
    ...(workload
      ? { courseWorkload: workload }
      : {
          courseSchedule: {
            '@type': 'Schedule',
            startDate: batch.startDay,
            endDate: batch.endDay,
            scheduleTimezone: 'Asia/Kolkata',
            description: batch.schedule,
          },
        }),
    startDate: batch.startDay,
    endDate: batch.endDay,
    location:
      batch.mode === 'online'
        ? { '@type': 'VirtualLocation', url: pageUrl }
        : { '@type': 'Place', name: batch.venue || batch.name, address: batch.venue || batch.name },
    ...(batch.fee === null
      ? {}
      : {
          offers: {
            '@type': 'Offer',
            price: rupees(batch.fee),
            priceCurrency: 'INR',
            category: 'Paid',
            availability:
              batch.state === 'full' ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
            url: pageUrl,
          },
        }),
    maximumAttendeeCapacity: batch.capacity,
    remainingAttendeeCapacity: batch.seatsLeft,
    instructor: course.teachers.map((trainer) => ({
      '@type': 'Person',
      name: trainer.name,
      ...(trainer.role ? { jobTitle: trainer.role } : {}),
    })),
  };
}

/**
 * Whether a course can be marked up as a `Course` that Google's course rules accept: they require its `offers` and
 * at least one `hasCourseInstance`, so a course without a fee or without a batch still to finish gets none.
 */
export const hasCourseMarkup = (course: ShownCourse) =>
  typeof course.fee === 'number' && course.batches.length > 0;

/** A course page's structured data: its `Course` when it has one (hasCourseMarkup), else nothing. */
export const courseStructuredData = (course: ShownCourse, pageUrl: string, provider: Provider) =>
  hasCourseMarkup(course) ? [courseJsonLd(course, pageUrl, provider)] : [];

/** A course page's `Course`, with its batches as `hasCourseInstance`. */
export function courseJsonLd(course: ShownCourse, pageUrl: string, provider: Provider) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: course.title,
    description: course.summary || course.title,
    url: pageUrl,
    provider: { '@type': 'Organization', name: provider.name, url: provider.url },
    ...(course.level ? { educationalLevel: course.level } : {}),
    ...(course.prerequisites ? { coursePrerequisites: course.prerequisites } : {}),
    ...(course.outcomes?.length ? { teaches: [...course.outcomes] } : {}),
    ...(typeof course.fee === 'number'
      ? {
          offers: {
            '@type': 'Offer',
            price: rupees(course.fee),
            priceCurrency: 'INR',
            category: 'Paid',
            url: pageUrl,
          },
        }
      : {}),
    hasCourseInstance: course.batches.map((batch) => instanceOf(course, batch, pageUrl)),
  };
}

/**
 * The lists' `ItemList` of the course pages (Google's course list: a summary page whose items are the pages that
 * carry a `Course`), so only the courses with markup; none when no course has it.
 */
export function courseListJsonLd(courses: readonly ShownCourse[], site: URL) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: courses.filter(hasCourseMarkup).map((course, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      url: new URL(coursePath(course.slug), site).href,
      name: course.title,
    })),
  };
}

/** A list page's structured data: the `ItemList` when at least one listed course has markup, else nothing. */
export function courseListStructuredData(courses: readonly ShownCourse[], site: URL) {
  const list = courseListJsonLd(courses, site);
  return list.itemListElement.length > 0 ? [list] : [];
}
