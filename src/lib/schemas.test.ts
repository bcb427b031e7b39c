import { describe, expect, it } from 'vitest';
import { VALIDATION } from './api-messages.ts';
import { ContactInputSchema, EnrollCourseInputSchema, EnrollCourseUpdateSchema } from './schemas.ts';
import { SITE_SETTINGS_SEED, SiteSettingsInputSchema } from './site-settings.ts';

const contact = (phone: string) =>
  ContactInputSchema.safeParse({ name: 'Asha', email: 'asha@example.in', phone, message: 'Hello' });

describe('phone numbers (issue 21)', () => {
  it('accepts the notations people write, an STD code in parentheses included, on forms and in settings', () => {
    for (const phone of [
      '9876543210',
      '+91 98765 43210',
      '(011) 2345 6789',
      '(+91) 98765 43210',
      '+91 (11) 2345-6789',
      '011.2345.6789',
      '011/23456789',
    ]) {
      expect(contact(phone).success, phone).toBe(true);
      expect(SiteSettingsInputSchema.safeParse({ ...SITE_SETTINGS_SEED, phone }).success, phone).toBe(true);
    }
  });

  it('still refuses what is not a phone number', () => {
    for (const phone of ['call me', '12345', '(0)', '+(91) 98765', '98765 43210 ext. 5']) {
      const parsed = contact(phone);
      expect(parsed.success, phone).toBe(false);
      expect(parsed.error?.issues[0]?.message, phone).toBe(VALIDATION.phoneInvalid);
    }
  });
});

describe('course names (issue 21)', () => {
  it('are stored in one spelling: composed Unicode, single spaces inside, trimmed', () => {
    expect(EnrollCourseInputSchema.parse({ courseName: '  Ethical \t Hacking\u00a0 101 ' })).toEqual({
      courseName: 'Ethical Hacking 101',
    });
    expect(EnrollCourseUpdateSchema.parse({ courseName: 'Cafe\u0301  Night' })).toEqual({
      courseName: 'Caf\u00e9 Night',
    });
  });
});
