import { describe, expect, it } from 'vitest';
import { clientLine, engagementLabel, findingsOf } from './case-studies.ts';
import { contentFamilies } from './collections.ts';
import { publicView } from './fields.ts';
import { CASE_STUDIES_PAGE } from './page-words.ts';
import { CASE_STUDY } from '../families/case-study.ts';

const { fields } = contentFamilies.caseStudy;
const stored = {
  _id: 'a',
  title: 'VAPT',
  sector: 'Banking',
  clientName: 'Kaveri Bank',
  quote: 'Quick.',
  quoteBy: 'CISO, Kaveri Bank',
  image: 'logo.webp',
  imageWidth: 200,
  imageHeight: 100,
  alt: 'Kaveri Bank logo',
  imageUrl: '/uploads/services/logo.webp',
};
const PICTURE = ['image', 'imageWidth', 'imageHeight', 'alt', 'imageUrl'];

describe('publicView (privateWhen / publicWhen)', () => {
  it('keeps a named client with a permitted logo whole', () => {
    const item = { ...stored, anonymous: false, logoPermission: true };
    expect(publicView(fields, item)).toEqual(item);
  });

  it('drops an anonymous client’s name, attribution and logo, keeping the quote', () => {
    const shown = publicView(fields, { ...stored, anonymous: true, logoPermission: true });
    for (const name of ['clientName', 'quoteBy', ...PICTURE]) expect(shown).not.toHaveProperty(name);
    expect(shown).toMatchObject({ title: 'VAPT', quote: 'Quick.', sector: 'Banking' });
    expect(JSON.stringify(shown)).not.toContain('Kaveri');
  });

  it('drops the logo without permission (absent meaning none), keeping the name', () => {
    const shown = publicView(fields, { ...stored, anonymous: false });
    for (const name of PICTURE) expect(shown).not.toHaveProperty(name);
    expect(shown).toMatchObject({ clientName: 'Kaveri Bank', quoteBy: 'CISO, Kaveri Bank' });
  });

  it('leaves families without the option alone', () => {
    const item = { _id: 'b', title: 'T', description: 'D', anonymous: true };
    expect(publicView(contentFamilies.homeCourse.fields, item)).toBe(item);
  });
});

describe('what the pages say', () => {
  it('names the client, or only the sector while anonymous', () => {
    expect(clientLine({ clientName: 'Kaveri Bank', sector: 'Banking' })).toBe('Kaveri Bank');
    expect(clientLine({ clientName: 'Kaveri Bank', sector: 'Banking', anonymous: true })).toBe(
      CASE_STUDIES_PAGE.anonymousClient('Banking'),
    );
    expect(clientLine({ sector: 'Banking' })).toBe(CASE_STUDIES_PAGE.anonymousClient('Banking'));
  });

  it('names the engagement as the family definition does; a value it no longer lists shows as stored', () => {
    expect(engagementLabel('vapt')).toBe(CASE_STUDY.engagements.vapt);
    expect(engagementLabel('retired-kind')).toBe('retired-kind');
    expect(engagementLabel(undefined)).toBe('');
  });

  it('counts each severity, none meaning 0', () => {
    expect(findingsOf({ critical: 2, low: null }).map((finding) => finding.count)).toEqual([2, 0, 0, 0]);
  });
});
