import { describe, expect, it } from 'vitest';
import { pdfQrCodes, pdfText } from '../tests/support/pdf.ts';
import { BROCHURE_MAX_BYTES, courseBrochure, plainText } from './course-brochure.ts';
import { catalogue } from './lib/catalogue.ts';
import { COURSES_PAGE } from './lib/page-words.ts';
import { brandName } from './lib/site-config.ts';

const settings = {
  address: ['2nd Floor, Example Tower', 'Pune 411001'],
  email: 'training@delta.example',
  phone: '+91 20 4000 1234',
  gstin: '27AAPFU0939F1ZV',
};

// A course with a long syllabus, so the brochure runs past its first page.
const [course] = catalogue(
  [
    {
      _id: 'c1',
      title: 'Web Application Security',
      slug: 'web-application-security',
      summary: 'Find and fix the OWASP Top 10 in real applications.',
      description: 'Hands-on **labs** every week, see [our lab](https://example.com/lab).',
      syllabus: Array.from({ length: 12 }, (_, n) => ({
        title: `Module ${n + 1}`,
        topics: ['SQL injection and its fixes', 'Cross-site scripting', 'Broken access control'],
      })),
      duration: '8 weeks, 40 hours',
      level: 'intermediate',
      fee: 1_850_000,
      gstIncluded: true,
      outcomes: ['Run an authenticated web application test'],
      trainers: ['t1'],
    },
  ],
  [{ _id: 't1', name: 'प्रिया वर्मा', role: 'Lead trainer', qualifications: ['OSCP', 'CEH'] }],
  [
    {
      _id: 'b1',
      name: 'Weekend, December',
      course: 'c1',
      startDate: '2026-12-11T18:30:00.000Z',
      endDate: '2027-02-06T18:30:00.000Z',
      schedule: 'Sat–Sun, 10 am–1 pm IST',
      mode: 'online',
      capacity: 20,
      earlyBirdFee: 1_650_000,
      earlyBirdUntil: '2026-11-29T18:30:00.000Z',
    },
  ],
  [{ _id: 'b1', course: 'c1', capacity: 20, seatsLeft: 7, state: 'open' }],
);

describe('course brochure', () => {
  it('prints the course’s own fields, the company and a QR code to its page, under 300 KB', async () => {
    const bytes = await courseBrochure({
      course: course!,
      settings,
      refundPolicy: 'Full refund up to **7 days** before the start.',
      site: new URL('https://delta.example'),
      madeAt: new Date('2026-11-26T05:30:00.000Z'),
    });
    expect(bytes.length).toBeLessThanOrEqual(BROCHURE_MAX_BYTES);
    const text = await pdfText(bytes);
    for (const part of [
      brandName,
      'Pune 411001',
      'training@delta.example',
      'GSTIN: 27AAPFU0939F1ZV',
      'Web Application Security',
      'Find and fix the OWASP Top 10',
      '8 weeks, 40 hours',
      `₹18,500 ${COURSES_PAGE.gstIncluded}`,
      'Module 12',
      'Broken access control',
      'Run an authenticated web application test',
      'Weekend, December',
      '12 Dec 2026',
      COURSES_PAGE.earlyBird('₹16,500', '30 Nov 2026'),
      '7 of 20',
      'OSCP',
      'Full refund up to 7 days before the start.',
      'https://delta.example/courses/web-application-security',
    ])
      expect(text, part).toContain(part);
    // Markdown prints as words.
    expect(text).toContain('Hands-on labs every week, see our lab.');
    expect(text).not.toContain('**');
    expect(await pdfQrCodes(bytes)).toEqual(['https://delta.example/courses/web-application-security']);
  });

  it('prints no GST words beside the fees while Site settings name no GSTIN (not registered under GST)', async () => {
    const text = await pdfText(
      await courseBrochure({
        course: course!,
        settings: { ...settings, gstin: '' },
        refundPolicy: '',
        site: new URL('https://delta.example'),
        madeAt: new Date('2026-11-26T05:30:00.000Z'),
      }),
    );
    expect(text).toContain(`${COURSES_PAGE.fee}: ₹18,500`);
    for (const words of [COURSES_PAGE.gstIncluded, COURSES_PAGE.gstExtra, 'GSTIN'])
      expect(text, words).not.toContain(words);
  });

  it('turns markdown into plain lines', () => {
    expect(plainText('## Refunds\n\n- Within *7* days\n- See [terms](https://x.example)')).toBe(
      'Refunds\n\n• Within 7 days\n• See terms',
    );
  });
});
