/**
 * The field kinds, one by one: what each schema accepts and refuses (with the field's message), the IST round trip
 * of the date kinds across midnight, money in rupees and paise, slugs, the CSV cell and the History text.
 */
import { describe, expect, it } from 'vitest';
import { FIELD_REASONS } from '../api-messages.ts';
import {
  booleanField,
  dateField,
  dateTimeField,
  emailField,
  fieldChanges,
  fieldCsv,
  fieldText,
  formatPaise,
  fromFormValue,
  groupField,
  inputSchemaOf,
  integerField,
  isGstin,
  itemSchemaOf,
  linesField,
  markdownField,
  moneyField,
  parseRupees,
  phoneField,
  pointsField,
  referenceField,
  referencesField,
  selectField,
  slugField,
  singletonInputSchemaOf,
  slugify,
  telHref,
  textField,
  toFormValue,
  urlField,
  type Field,
} from '../fields.ts';

const issue = (field: Field, value: unknown) => {
  const result = inputSchemaOf([field]).safeParse({ [field.name]: value });
  return result.success ? null : (result.error.issues[0]?.message ?? '');
};
const parsed = (field: Field, value: unknown) =>
  (inputSchemaOf([field]).parse({ [field.name]: value }) as Record<string, unknown>)[field.name];
const words = { empty: '(empty)', otherPicture: 'another picture', picture: 'Image', alt: 'Alt' };

const starts = dateField('starts', { label: 'Starts', required: 'When does it start?' });
const firstClass = dateTimeField('firstClass', { label: 'First class', required: null });
const seats = integerField('seats', { label: 'Seats', required: 'How many seats?', min: 1, max: 60 });
const fee = moneyField('fee', { label: 'Fee', required: 'What does it cost?' });
const mode = selectField('mode', {
  label: 'Mode',
  required: 'Choose a mode',
  options: [
    { value: 'online', label: 'Online' },
    { value: 'classroom', label: 'Classroom' },
  ],
});
const featured = booleanField('featured', { label: 'Featured' });
const syllabus = urlField('syllabus', { label: 'Syllabus', required: null, max: 200 });
const plainSite = urlField('site', { label: 'Site', required: null, max: 200, allowHttp: true });
const contact = emailField('contact', { label: 'Contact', required: null, max: 100 });
const slug = slugField('slug', { label: 'Address', from: 'title', max: 60 });
const body = markdownField('body', { label: 'Body', required: 'Write the article', max: 50 });
const course = referenceField('course', { label: 'Course', to: 'course', required: 'Choose a course' });
const trainers = referencesField('trainers', { label: 'Trainers', to: 'trainer', min: 1, max: 2 });
const modules = groupField('modules', {
  label: 'Modules',
  noun: 'Module',
  min: 1,
  max: 2,
  fields: [
    textField('title', { label: 'Title', max: 40, required: 'Name the module' }),
    pointsField('topics', {
      label: 'Topics',
      min: 0,
      minMessage: '',
      max: 5,
      fixed: 0,
      initial: 1,
      keepAtLeast: 0,
    }),
  ],
});

describe('date: an IST day stored as the UTC instant of its midnight', () => {
  it('stores the IST day, from the form or the API, across UTC midnight', () => {
    // 14 March in IST starts at 18:30 UTC on 13 March.
    expect(parsed(starts, '2026-03-14')).toBe('2026-03-13T18:30:00.000Z');
    // 02:00 IST on the 14th is still the 13th in UTC: the day is the IST one.
    expect(parsed(starts, '2026-03-13T20:30:00.000Z')).toBe('2026-03-13T18:30:00.000Z');
    expect(toFormValue(starts, '2026-03-13T18:30:00.000Z')).toBe('2026-03-14');
    expect(fieldText(starts, '2026-03-13T18:30:00.000Z')).toBe('14 Mar 2026');
    expect(fieldCsv(starts, '2026-03-13T18:30:00.000Z')).toBe('2026-03-14');
  });

  it('refuses what is not a day, and nothing when required, with the field’s messages', () => {
    expect(issue(starts, '2026-02-30')).toBe(FIELD_REASONS.date('Starts'));
    expect(issue(starts, '14/03/2026')).toBe(FIELD_REASONS.date('Starts'));
    expect(issue(starts, '')).toBe('When does it start?');
    expect(issue(starts, undefined)).toBe('When does it start?');
  });
});

describe('dateTime: entered and shown in IST, stored in UTC', () => {
  it('round-trips a time just after IST midnight (the previous day in UTC)', () => {
    const stored = parsed(firstClass, '2026-03-14T00:15');
    expect(stored).toBe('2026-03-13T18:45:00.000Z');
    expect(toFormValue(firstClass, stored)).toBe('2026-03-14T00:15');
    expect(fieldText(firstClass, stored)).toBe('14 Mar 2026, 12:15 am IST');
    expect(fieldCsv(firstClass, stored)).toBe('2026-03-14 00:15');
    // A zoned instant from an API caller is kept as the same instant.
    expect(parsed(firstClass, '2026-03-14T00:15:00+05:30')).toBe('2026-03-13T18:45:00.000Z');
    expect(parsed(firstClass, '')).toBe('');
    expect(issue(firstClass, '2026-03-14 25:00')).toBe(FIELD_REASONS.dateTime('First class'));
  });
});

describe('the date kinds ignore the machine’s own time zone', () => {
  it('reads and shows IST the same in Los Angeles as in Kolkata', () => {
    const zone = process.env.TZ;
    try {
      for (const where of ['America/Los_Angeles', 'Asia/Kolkata', 'UTC']) {
        process.env.TZ = where;
        expect(parsed(firstClass, '2026-03-14T00:15'), where).toBe('2026-03-13T18:45:00.000Z');
        expect(toFormValue(firstClass, '2026-03-13T18:45:00.000Z'), where).toBe('2026-03-14T00:15');
        expect(parsed(starts, '2026-03-14'), where).toBe('2026-03-13T18:30:00.000Z');
        expect(fieldText(starts, '2026-03-13T18:30:00.000Z'), where).toBe('14 Mar 2026');
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});

describe('integer', () => {
  it('takes whole numbers within bounds, from JSON, multipart text or the form', () => {
    expect(parsed(seats, 30)).toBe(30);
    expect(parsed(seats, '30')).toBe(30);
    expect(fromFormValue(seats, ' 12 ')).toBe(12);
    expect(issue(seats, 0)).toBe(FIELD_REASONS.integerMin('Seats', 1));
    expect(issue(seats, 61)).toBe(FIELD_REASONS.integerMax('Seats', 60));
    expect(issue(seats, 2.5)).toBe(FIELD_REASONS.integer('Seats'));
    expect(issue(seats, fromFormValue(seats, '1e3'))).toBe(FIELD_REASONS.integer('Seats'));
    expect(issue(seats, fromFormValue(seats, ''))).toBe('How many seats?');
    expect(fieldCsv(seats, 30)).toBe('30');
  });
});

describe('money: whole paise stored, rupees entered and shown with Indian grouping', () => {
  it('parses rupees with up to two decimals into paise', () => {
    expect(parseRupees('12500')).toBe(1_250_000);
    expect(parseRupees('12,500.50')).toBe(1_250_050);
    expect(parseRupees('₹ 1,25,000')).toBe(12_500_000);
    expect(parseRupees('0.5')).toBe(50);
    expect(parseRupees('12.345')).toBeNull();
    expect(parseRupees('-5')).toBeNull();
    expect(parseRupees('abc')).toBeNull();
  });

  it('formats paise as rupees', () => {
    expect(formatPaise(1_250_000)).toBe('₹12,500');
    expect(formatPaise(1_250_050)).toBe('₹12,500.50');
    expect(formatPaise(12_500_000)).toBe('₹1,25,000');
    expect(formatPaise(5)).toBe('₹0.05');
  });

  it('goes from the form to paise and back, refusing what is not an amount', () => {
    expect(parsed(fee, fromFormValue(fee, '12,500.50'))).toBe(1_250_050);
    // Multipart sends the paise as text.
    expect(parsed(fee, '1250050')).toBe(1_250_050);
    expect(toFormValue(fee, 1_250_050)).toBe('12500.50');
    expect(toFormValue(fee, 1_250_000)).toBe('12500');
    expect(issue(fee, fromFormValue(fee, '12.345'))).toBe(FIELD_REASONS.money('Fee'));
    expect(issue(fee, -100)).toBe(FIELD_REASONS.money('Fee'));
    expect(issue(fee, fromFormValue(fee, ''))).toBe('What does it cost?');
    expect(fieldText(fee, 12_500_000)).toBe('₹1,25,000');
    expect(fieldCsv(fee, 1_250_050)).toBe('12500.50');
  });
});

describe('select, boolean, url, e-mail, markdown', () => {
  it('select: one of its options, shown by label', () => {
    expect(parsed(mode, 'online')).toBe('online');
    expect(issue(mode, 'hybrid')).toBe(FIELD_REASONS.select('Mode', ['Online', 'Classroom']));
    expect(issue(mode, '')).toBe('Choose a mode');
    expect(fieldText(mode, 'classroom')).toBe('Classroom');
    expect(fieldCsv(mode, 'classroom')).toBe('Classroom');
  });

  it('boolean: a checkbox, JSON true/false or multipart text', () => {
    expect(parsed(featured, fromFormValue(featured, true))).toBe(true);
    expect(parsed(featured, 'false')).toBe(false);
    expect(issue(featured, 'yes')).toBe(FIELD_REASONS.boolean('Featured'));
    expect(fieldText(featured, true)).toBe('Yes');
    expect(fieldCsv(featured, undefined)).toBe('No');
  });

  it('url: https only unless the field allows http', () => {
    expect(parsed(syllabus, ' https://example.com/s.pdf ')).toBe('https://example.com/s.pdf');
    expect(issue(syllabus, 'http://example.com')).toBe(FIELD_REASONS.url('Syllabus'));
    expect(issue(syllabus, 'javascript:alert(1)')).toBe(FIELD_REASONS.url('Syllabus'));
    expect(parsed(syllabus, '')).toBe('');
    expect(parsed(plainSite, 'http://example.com')).toBe('http://example.com');
    expect(issue(plainSite, 'ftp://example.com')).toBe(FIELD_REASONS.urlOrHttp('Site'));
  });

  it('email', () => {
    expect(parsed(contact, 'asha@example.com')).toBe('asha@example.com');
    expect(issue(contact, 'asha@')).toBe(FIELD_REASONS.email('Contact'));
    expect(issue(contact, `${'a'.repeat(100)}@example.com`)).toBe(FIELD_REASONS.tooLong('Contact', 100));
  });

  it('markdown: the source is kept (line ends made \\n), bounded, required', () => {
    expect(parsed(body, '# Title\r\n\r\n- one\r\n')).toBe('# Title\n\n- one');
    expect(issue(body, '   ')).toBe('Write the article');
    expect(issue(body, 'x'.repeat(51))).toBe(FIELD_REASONS.markdownTooLong('Body', 50));
    expect(fieldCsv(body, '# Title\n\n- one')).toBe('# Title\n\n- one');
  });
});

describe('phone, lines, own refusal words and the text formats (issue 20: what the site settings needed)', () => {
  const phone = phoneField('phone', { label: 'Phone', required: 'Give a number', max: 20 });
  const extra = phoneField('extra', { label: 'Second phone', required: null, max: 20 });
  const address = linesField('address', { label: 'Address', min: 1, maxLines: 3, max: 10 });
  const map = urlField('map', {
    label: 'Map',
    required: null,
    max: 200,
    origins: ['https://maps.example.com'],
  });
  const upi = textField('upi', { label: 'UPI ID', required: null, max: 100, format: 'upiVpa' });
  const gstin = textField('gstin', { label: 'GSTIN', required: null, max: 15, format: 'gstin' });

  it('phone: digits with +, spaces, brackets, dots and hyphens; dialled without them', () => {
    expect(parsed(phone, ' +91 (22) 4000-1234 ')).toBe('+91 (22) 4000-1234');
    expect(issue(phone, 'call us')).toBe(FIELD_REASONS.phone('Phone'));
    expect(issue(phone, '')).toBe('Give a number');
    expect(issue(phone, '1'.repeat(21))).toBe(FIELD_REASONS.tooLong('Phone', 20));
    expect(parsed(extra, '')).toBe('');
    expect(issue(extra, 'x')).toBe(FIELD_REASONS.phone('Second phone'));
    expect(telHref('+91 (22) 4000-1234')).toBe('tel:+912240001234');
  });

  it('lines: one per line in the form, the non-empty ones stored, within their bounds', () => {
    expect(parsed(address, fromFormValue(address, ' Floor 3 \n\nMumbai '))).toEqual(['Floor 3', 'Mumbai']);
    expect(toFormValue(address, ['Floor 3', 'Mumbai'])).toBe('Floor 3\nMumbai');
    expect(issue(address, [' ', ''])).toBe(FIELD_REASONS.lines('Address', 1, 3));
    expect(issue(address, ['a', 'b', 'c', 'd'])).toBe(FIELD_REASONS.lines('Address', 1, 3));
    expect(issue(address, ['x'.repeat(11)])).toBe(FIELD_REASONS.tooLong('Address', 10));
    expect(issue(address, 'Floor 3')).toBe(FIELD_REASONS.lines('Address', 1, 3));
    expect(fieldText(address, ['Floor 3', 'Mumbai'])).toBe('Floor 3; Mumbai');
    expect(fieldCsv(address, ['Floor 3', 'Mumbai'])).toBe('Floor 3\nMumbai');
  });

  it('url: limited to origins when the field names them, with its own reason', () => {
    expect(parsed(map, 'https://maps.example.com/embed?pb=1')).toBe('https://maps.example.com/embed?pb=1');
    expect(issue(map, 'https://maps.evil.example/embed')).toBe(
      FIELD_REASONS.urlOrigin('Map', ['https://maps.example.com']),
    );
    // A malformed address keeps the kind's reason: the origin is not checked.
    expect(issue(map, 'not a url')).toBe(FIELD_REASONS.url('Map'));
  });

  it('a field’s own words replace the kind’s, and a JSON-only integer refuses text', () => {
    const own = emailField('mail', {
      label: 'Mail',
      required: 'Mail is needed',
      max: 20,
      reasons: { invalid: 'Not a mail address', tooLong: 'Too long for mail' },
    });
    expect(issue(own, 'asha@')).toBe('Not a mail address');
    expect(issue(own, `${'a'.repeat(20)}@example.com`)).toBe('Too long for mail');
    expect(issue(own, '')).toBe('Mail is needed');
    const count = integerField('count', {
      label: 'Count',
      required: 'Count it',
      min: 0,
      max: 9,
      jsonOnly: true,
      reasons: { invalid: 'A count from 0 to 9' },
    });
    expect(parsed(count, 3)).toBe(3);
    for (const value of ['3', -1, 10, 2.5])
      expect(issue(count, value), String(value)).toBe('A count from 0 to 9');
    expect(issue(count, null)).toBe('Count it');
  });

  it('text formats: a UPI ID, and a GSTIN upper-cased with its check character verified', () => {
    expect(parsed(upi, ' deltasecure@okhdfcbank ')).toBe('deltasecure@okhdfcbank');
    expect(parsed(upi, '9876543210@ybl')).toBe('9876543210@ybl');
    for (const bad of ['deltasecure', 'a@b', 'name@', 'na me@oksbi', 'https://pay.example.com'])
      expect(issue(upi, bad), bad).toBe(FIELD_REASONS.upiVpa('UPI ID'));
    expect(parsed(upi, '')).toBe('');
    expect(isGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(parsed(gstin, ' 29aagcb7383j1z4 ')).toBe('29AAGCB7383J1Z4');
    // One character changed: the check character no longer matches.
    for (const bad of ['27AAPFU0939F1ZA', '27AAPFU0939F1Z', '27AAPFU0939F1XV', 'ABCDEFGHIJKLMNO'])
      expect(issue(gstin, bad), bad).toBe(FIELD_REASONS.gstin('GSTIN'));
    expect(parsed(gstin, '')).toBe('');
  });

  it('a singleton holds every field: an optional one left out is stored empty, a required one is refused', () => {
    const schema = singletonInputSchemaOf([phone, extra, upi]);
    expect(schema.parse({ phone: '+91 22 4000 1234' })).toEqual({
      phone: '+91 22 4000 1234',
      extra: '',
      upi: '',
    });
    expect(schema.safeParse({ extra: '' }).success).toBe(false);
    expect(schema.safeParse({ phone: '+91 22 4000 1234', other: 1 }).success).toBe(false);
  });
});

describe('slug', () => {
  it('is derived from a title: lower-case a-z, 0-9 and single hyphens', () => {
    expect(slugify('Ethical Hacking 101: Café & CTF!')).toBe('ethical-hacking-101-cafe-ctf');
    expect(slugify('  --Web  Dev--  ')).toBe('web-dev');
    expect(slugify('परीक्षा')).toBe('');
    expect(slugify('a very long title indeed', 12)).toBe('a-very-long');
  });

  it('is optional in (the server derives it) and refused when malformed', () => {
    expect(parsed(slug, '')).toBe('');
    expect(parsed(slug, 'web-dev-2')).toBe('web-dev-2');
    expect(issue(slug, 'Web Dev')).toBe(FIELD_REASONS.slug('Address'));
    expect(issue(slug, 'web--dev')).toBe(FIELD_REASONS.slug('Address'));
  });

  it('keeps its history on the stored item', () => {
    const schema = itemSchemaOf([textField('title', { label: 'T', max: 9, required: 'x' }), slug]);
    const stored = schema.parse({
      _id: 'a',
      createdAt: 'x',
      updatedAt: 'x',
      title: 'T',
      slug: 'new',
      slugHistory: ['old'],
    });
    expect(stored).toMatchObject({ slug: 'new', slugHistory: ['old'] });
  });
});

describe('reference and references', () => {
  it('are stored as ids, within bounds', () => {
    expect(parsed(course, 'abc123')).toBe('abc123');
    expect(issue(course, '')).toBe('Choose a course');
    expect(issue(course, '../x')).toBe(FIELD_REASONS.reference('Course'));
    expect(parsed(trainers, '["a","b","a"]')).toEqual(['a', 'b']);
    expect(issue(trainers, [])).toBe(FIELD_REASONS.referencesMin('Trainers', 1));
    expect(issue(trainers, ['a', 'b', 'c'])).toBe(FIELD_REASONS.referencesMax('Trainers', 2));
    expect(fieldCsv(trainers, ['a', 'b'])).toBe('a\nb');
  });
});

describe('group', () => {
  it('takes entries with their own fields, dropping empty ones, between min and max', () => {
    const form = fromFormValue(modules, [
      { title: ' Recon ', topics: ['OSINT', ''] },
      { title: '', topics: [''] },
    ]);
    expect(parsed(modules, form)).toEqual([{ title: 'Recon', topics: ['OSINT'] }]);
    expect(parsed(modules, JSON.stringify([{ title: 'Recon', topics: [] }]))).toEqual([
      { title: 'Recon', topics: [] },
    ]);
    expect(issue(modules, [])).toBe(FIELD_REASONS.groupMin('Modules', 1));
    expect(
      issue(modules, [
        { title: 'a', topics: [] },
        { title: 'b', topics: [] },
        { title: 'c', topics: [] },
      ]),
    ).toBe(FIELD_REASONS.groupMax('Modules', 2));
    expect(
      issue(modules, [
        { title: 'a', topics: [] },
        { title: '', topics: ['x'] },
      ]),
    ).toBe(FIELD_REASONS.groupEntry('Module', 2, 'Name the module'));
    expect(issue(modules, 'nonsense')).toBe(FIELD_REASONS.group('Modules'));
  });

  it('starts the form with its fewest entries, and writes one entry per CSV line', () => {
    expect(toFormValue(modules, undefined)).toEqual([{ title: '', topics: [''] }]);
    const value = [
      { title: 'Recon', topics: ['OSINT', 'DNS'] },
      { title: 'Exploits', topics: [] },
    ];
    expect(fieldCsv(modules, value)).toBe('Recon — OSINT; DNS\nExploits');
    expect(fieldText(modules, value)).toBe('Recon — OSINT; DNS; Exploits');
  });
});

describe('History rows', () => {
  it('name each changed field by its label with the version’s value as people read it', () => {
    const fields = [fee, starts, featured, mode, modules];
    const current = { fee: 1_250_000, starts: '2026-03-13T18:30:00.000Z', featured: true, mode: 'online' };
    const version = { fee: 12_500_000, starts: '2026-03-13T18:30:00.000Z', mode: 'classroom' };
    expect(fieldChanges(fields, version, current, words)).toEqual([
      { label: 'Fee', old: '₹1,25,000' },
      { label: 'Featured', old: 'No' },
      { label: 'Mode', old: 'Classroom' },
    ]);
    expect(fieldChanges([syllabus], {}, { syllabus: 'https://a.example' }, words)).toEqual([
      { label: 'Syllabus', old: '(empty)' },
    ]);
  });
});
