/**
 * The catalogue's structured data checked against schema.org: every object's @type is a schema.org
 * type, every property is one schema.org defines for that type (or a type it inherits from), and what Google's
 * Course rich results need is present (Course: name, description, provider, offers with price and INR;
 * CourseInstance: courseMode, courseSchedule or courseWorkload, dates, location, offers, capacity, instructor).
 */
import { describe, expect, it } from 'vitest';
import { googleCourseProblems } from '../../tests/support/google-course-rules.ts';
import { availabilityOf } from './batches.ts';
import {
  catalogue,
  courseJsonLd,
  courseListJsonLd,
  courseListStructuredData,
  courseStructuredData,
  refundPolicyOf,
  testimonialsOf,
  workloadOf,
  type CatalogueBatch,
} from './catalogue.ts';
import { istDayToUtc } from './ist.ts';

/** schema.org properties by type, from https://schema.org (Thing's are every type's). */
const THING = ['@context', '@type', 'name', 'description', 'url', 'image', 'sameAs', 'identifier'];
const SCHEMA: Record<string, { parent?: string; properties: string[] }> = {
  Thing: { properties: THING },
  CreativeWork: { parent: 'Thing', properties: ['provider', 'offers', 'educationalLevel', 'teaches'] },
  Course: {
    parent: 'CreativeWork',
    properties: ['hasCourseInstance', 'coursePrerequisites', 'courseCode', 'numberOfCredits'],
  },
  Event: {
    parent: 'Thing',
    properties: [
      'startDate',
      'endDate',
      'location',
      'offers',
      'maximumAttendeeCapacity',
      'remainingAttendeeCapacity',
      'eventSchedule',
    ],
  },
  CourseInstance: {
    parent: 'Event',
    properties: ['courseMode', 'courseSchedule', 'courseWorkload', 'instructor'],
  },
  Offer: {
    parent: 'Thing',
    properties: ['price', 'priceCurrency', 'category', 'availability', 'validThrough'],
  },
  Organization: { parent: 'Thing', properties: ['email', 'telephone', 'address', 'logo'] },
  Person: { parent: 'Thing', properties: ['jobTitle'] },
  Place: { parent: 'Thing', properties: ['address'] },
  VirtualLocation: { parent: 'Thing', properties: [] },
  Schedule: {
    parent: 'Thing',
    properties: ['startDate', 'endDate', 'scheduleTimezone', 'repeatFrequency', 'duration'],
  },
  ItemList: { parent: 'Thing', properties: ['itemListElement', 'numberOfItems'] },
  ListItem: { parent: 'Thing', properties: ['position', 'item'] },
};
const propertiesOf = (type: string): string[] => {
  const entry = SCHEMA[type];
  return entry ? [...entry.properties, ...(entry.parent ? propertiesOf(entry.parent) : [])] : [];
};

/** Every problem of a JSON-LD value: unknown types, properties a type does not have. */
function problems(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((entry, index) => problems(entry, `${path}[${index}]`));
  if (typeof value !== 'object' || value === null) return [];
  const record = value as Record<string, unknown>;
  const type = record['@type'];
  const found: string[] = [];
  if (typeof type !== 'string' || !SCHEMA[type]) found.push(`${path}: unknown type ${String(type)}`);
  else {
    const allowed = propertiesOf(type);
    for (const key of Object.keys(record))
      if (!allowed.includes(key)) found.push(`${path}: ${type} has no property ${key}`);
  }
  for (const [key, child] of Object.entries(record)) found.push(...problems(child, `${path}.${key}`));
  return found;
}

const day = (value: string) => istDayToUtc(value)!;
const batch = (fields: Partial<CatalogueBatch> & { _id: string }): CatalogueBatch => ({
  name: 'Weekday evenings',
  course: 'c1',
  startDate: day('2026-03-14'),
  endDate: day('2026-05-09'),
  schedule: 'Mon–Thu, 7–9 pm IST',
  mode: 'online',
  capacity: 20,
  ...fields,
});
const batches = [
  batch({ _id: 'b1' }),
  batch({ _id: 'b2', mode: 'classroom', venue: 'Baner, Pune', capacity: 5, feeOverride: 2_000_000 }),
  batch({ _id: 'b3', startDate: day('2025-01-01'), endDate: day('2025-02-01') }),
];
const now = new Date('2026-03-01T00:00:00Z');
const [course] = catalogue(
  [
    {
      _id: 'c1',
      title: 'Ethical Hacking',
      slug: 'ethical-hacking',
      summary: 'Attack and defend in a lab.',
      duration: '8 weeks, 48 hours',
      level: 'beginner',
      fee: 2_500_000,
      trainers: ['t1'],
    },
  ],
  [{ _id: 't1', name: 'प्रिया वर्मा', role: 'Lead trainer', qualifications: ['OSCP'] }],
  batches,
  availabilityOf(
    batches,
    Array.from({ length: 5 }, () => ({ batch: 'b2', status: 'enrolled' })),
    now,
  ),
);
const site = new URL('https://delta.example');
const provider = { name: 'DeltaSecure', url: 'https://delta.example/' };

describe('Course JSON-LD', () => {
  const ld = courseJsonLd(course!, 'https://delta.example/courses/ethical-hacking', provider);

  it('uses only schema.org types and their properties', () => {
    expect(problems(ld)).toEqual([]);
  });

  it('has what a course needs: provider, an INR offer, and an instance per batch that has not finished', () => {
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Course',
      name: 'Ethical Hacking',
      description: 'Attack and defend in a lab.',
      provider: { '@type': 'Organization', name: 'DeltaSecure' },
      offers: { '@type': 'Offer', price: '25000.00', priceCurrency: 'INR' },
    });
    expect(ld.hasCourseInstance).toHaveLength(2);
    for (const instance of ld.hasCourseInstance) {
      expect(instance).toMatchObject({ '@type': 'CourseInstance', courseWorkload: 'PT48H' });
      for (const key of [
        'courseMode',
        'startDate',
        'endDate',
        'location',
        'offers',
        'maximumAttendeeCapacity',
        'remainingAttendeeCapacity',
        'instructor',
      ])
        expect(instance, key).toHaveProperty(key);
    }
    const [online, classroom] = ld.hasCourseInstance;
    expect(online).toMatchObject({
      courseMode: 'Online',
      startDate: '2026-03-14',
      endDate: '2026-05-09',
      location: { '@type': 'VirtualLocation' },
      remainingAttendeeCapacity: 20,
      instructor: [{ '@type': 'Person', name: 'प्रिया वर्मा' }],
    });
    expect(classroom).toMatchObject({
      courseMode: 'Onsite',
      location: { '@type': 'Place', address: 'Baner, Pune' },
      offers: { price: '20000.00', priceCurrency: 'INR', availability: 'https://schema.org/SoldOut' },
      maximumAttendeeCapacity: 5,
      remainingAttendeeCapacity: 0,
    });
  });

  it('falls back to a schedule when the duration names no hours', () => {
    expect(workloadOf('6 weeks')).toBeNull();
    const ld = courseJsonLd({ ...course!, duration: '6 weeks' }, 'https://delta.example/c', provider);
    expect(problems(ld)).toEqual([]);
    expect(ld.hasCourseInstance[0]).toMatchObject({
      courseSchedule: { '@type': 'Schedule', startDate: '2026-03-14', scheduleTimezone: 'Asia/Kolkata' },
    });
    expect(ld.hasCourseInstance[0]).not.toHaveProperty('courseWorkload');
  });
});

describe('ItemList JSON-LD', () => {
  it('lists each course page in order, with schema.org types only', () => {
    const ld = courseListJsonLd([course!], site);
    expect(problems(ld)).toEqual([]);
    expect(ld.itemListElement).toEqual([
      {
        '@type': 'ListItem',
        position: 1,
        url: 'https://delta.example/courses/ethical-hacking',
        name: 'Ethical Hacking',
      },
    ]);
  });

  it('is caught out by a property schema.org does not define (the check can fail)', () => {
    expect(problems({ '@type': 'Course', fee: 1 })).toEqual(['$: Course has no property fee']);
    expect(problems({ '@type': 'Courses' })).toEqual(['$: unknown type Courses']);
  });
});

describe("Google's course rules", () => {
  const pageUrl = 'https://delta.example/courses/ethical-hacking';

  it('accept a catalogue course with a fee and a batch, and the lists of such courses', () => {
    expect(courseStructuredData(course!, pageUrl, provider)).toHaveLength(1);
    expect(googleCourseProblems(courseStructuredData(course!, pageUrl, provider))).toEqual([]);
    expect(googleCourseProblems(courseListStructuredData([course!], site))).toEqual([]);
  });

  it('mark up no Course for a course without a fee or without a batch to come, and list only those with one', () => {
    const feeless = { ...course!, _id: 'c2', slug: 'no-fee', fee: null };
    const unscheduled = { ...course!, _id: 'c3', slug: 'no-batch', batches: [], next: null };
    expect(courseStructuredData(feeless, pageUrl, provider)).toEqual([]);
    expect(courseStructuredData(unscheduled, pageUrl, provider)).toEqual([]);
    const listed = courseListStructuredData([feeless, course!, unscheduled], site);
    expect(listed.flatMap((list) => list.itemListElement.map((entry) => entry.url))).toEqual([pageUrl]);
    expect(courseListStructuredData([feeless, unscheduled], site)).toEqual([]);
  });

  it('refuse a Course without offers or instances, as the home page once marked up its audiences (the check can fail)', () => {
    const audiences = {
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      itemListElement: [
        {
          '@type': 'ListItem',
          position: 1,
          item: {
            '@type': 'Course',
            name: 'Students',
            description: 'Learn',
            provider: { name: 'DeltaSecure' },
          },
        },
      ],
    };
    expect(googleCourseProblems(audiences)).toEqual([
      '$.itemListElement[0].item: Course lacks offers',
      '$.itemListElement[0].item: Course lacks hasCourseInstance',
    ]);
    expect(googleCourseProblems({ '@type': 'CourseInstance', offers: { '@type': 'Offer' } })).toEqual([
      '$: CourseInstance lacks courseMode',
      '$: CourseInstance lacks courseSchedule or courseWorkload',
    ]);
  });
});

describe('the catalogue', () => {
  it('leaves finished batches out, charges a batch its own fee, and names the next one to book', () => {
    expect(course!.batches.map((entry) => [entry._id, entry.fee, entry.state])).toEqual([
      ['b1', 2_500_000, 'open'],
      ['b2', 2_000_000, 'full'],
    ]);
    expect(course!.next?._id).toBe('b1');
  });
});

describe('what a course page resolves around its course (CourseBody.astro, its page and its preview)', () => {
  it('shows the course’s own refund policy, else Site settings’, else none', () => {
    expect(refundPolicyOf({ refundPolicy: '  Ours.  ' }, { refundPolicy: 'Settings’.' })).toBe('Ours.');
    expect(refundPolicyOf({ refundPolicy: '   ' }, { refundPolicy: ' Settings’. ' })).toBe('Settings’.');
    expect(refundPolicyOf({}, {})).toBe('');
    expect(refundPolicyOf({}, { refundPolicy: 7 })).toBe('');
  });

  it('keeps the testimonials of the course’s learners only, its title matched loosely', () => {
    const items = [
      { _id: 'a', course: ' ethical hacking ' },
      { _id: 'b', course: 'Cloud Security' },
      { _id: 'c' },
    ];
    expect(testimonialsOf(items, 'Ethical Hacking').map((item) => item._id)).toEqual(['a']);
    expect(testimonialsOf(items, 'Web Security')).toEqual([]);
  });
});
