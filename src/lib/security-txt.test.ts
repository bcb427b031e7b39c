import { describe, expect, it } from 'vitest';
import { WHATSAPP } from './page-words.ts';
import { parseSecurityTxt, SECURITY_TXT_LIFETIME_MS, securityTxt } from './security-txt.ts';
import {
  resolveSettings,
  securityContactOf,
  SITE_SETTINGS_SEED,
  SiteSettingsInputSchema,
  whatsappHref,
} from './site-settings.ts';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

describe('security.txt (RFC 9116)', () => {
  const now = new Date('2026-11-26T03:00:00.000Z');
  const fields = parseSecurityTxt(
    securityTxt({ contact: 'mailto:security@example.com', origin: 'https://deltasecure.in', now }),
  );

  it('has the required Contact and Expires once each, Expires 180 days after the build, well under a year', () => {
    expect(fields.get('contact')).toEqual(['mailto:security@example.com']);
    expect(fields.get('expires')).toHaveLength(1);
    const expires = fields.get('expires')![0]!;
    expect(expires).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const at = Date.parse(expires);
    expect(at).toBeGreaterThan(now.getTime());
    // A validator refuses an Expires a year away to the day: it stays half a year ahead (decisions §66).
    expect(at).toBeLessThan(now.getTime() + YEAR_MS - 30 * 24 * 60 * 60 * 1000);
    expect(at).toBe(now.getTime() + SECURITY_TXT_LIFETIME_MS);
    expect(expires).toBe('2027-05-25T03:00:00Z');
  });

  it('names the policy, the hall of fame, the languages and its canonical address', () => {
    expect(fields.get('policy')).toEqual(['https://deltasecure.in/security']);
    expect(fields.get('acknowledgments')).toEqual(['https://deltasecure.in/security#hall-of-fame']);
    expect(fields.get('preferred-languages')).toEqual(['en, hi']);
    expect(fields.get('canonical')).toEqual(['https://deltasecure.in/.well-known/security.txt']);
  });

  it('reports to the company e-mail unless Site settings name a security contact', () => {
    expect(securityContactOf(SITE_SETTINGS_SEED)).toBe(`mailto:${SITE_SETTINGS_SEED.email}`);
    expect(securityContactOf({ ...SITE_SETTINGS_SEED, securityContact: 'https://example.com/report' })).toBe(
      'https://example.com/report',
    );
  });
});

describe('the trust settings (issue 25)', () => {
  const saved = (values: Record<string, unknown>) =>
    SiteSettingsInputSchema.safeParse({ ...SITE_SETTINGS_SEED, ...values });
  const reason = (values: Record<string, unknown>) => {
    const result = saved(values);
    return result.success ? null : result.error.issues[0]?.message;
  };

  it('takes a security contact only as a mailto: address or an https link', () => {
    expect(saved({ securityContact: 'mailto:security@deltasecure.in' }).success).toBe(true);
    expect(saved({ securityContact: 'https://deltasecure.in/report' }).success).toBe(true);
    for (const bad of [
      'security@deltasecure.in',
      'http://deltasecure.in/report',
      'javascript:alert(1)',
      'mailto:x',
    ])
      expect(reason({ securityContact: bad }), bad).toMatch(
        /must be a mailto: address or an https:\/\/ link/,
      );
  });

  it('stores a WhatsApp number as its E.164 digits, and refuses what is not one with a clear message', () => {
    const result = saved({ whatsappNumber: ' +91 98765-43210 ' });
    expect(result.success && result.data.whatsappNumber).toBe('919876543210');
    expect(saved({ whatsappNumber: '' }).success).toBe(true);
    for (const bad of ['98765', '+0 98765 43210', '+91 98765 4321O', '1234567890123456'])
      expect(reason({ whatsappNumber: bad }), bad).toBe(
        'WhatsApp number must be a mobile number in international form: the country code and number, 8 to 15 digits, such as +91 98765 43210',
      );
  });

  it('keeps the credentials filled in, drops empty rows, and refuses one without a name or with a bad link', () => {
    const credential = {
      name: 'ISO/IEC 27001:2022',
      issuer: 'BSI',
      reference: 'IS 765432',
      verifyUrl: 'https://example.com/verify/765432',
    };
    const result = saved({
      credentials: [credential, { name: '', issuer: '', reference: '', verifyUrl: '' }],
    });
    expect(result.success && result.data.credentials).toEqual([credential]);
    expect(reason({ credentials: [{ ...credential, name: '' }] })).toMatch(/Credential 1: Name is required/);
    expect(reason({ credentials: [{ ...credential, verifyUrl: 'not a link' }] })).toMatch(/^Credential 1: /);
  });

  it('shows the seed for settings saved before these existed (no bounty, no credentials, no WhatsApp)', () => {
    const {
      credentials: _c,
      whatsappNumber: _w,
      bountyOffered: _b,
      securityContact: _s,
      ...older
    } = SITE_SETTINGS_SEED;
    expect(resolveSettings(older)).toMatchObject({
      credentials: [],
      whatsappNumber: '',
      bountyOffered: false,
      securityContact: '',
    });
  });
});

describe('the WhatsApp link', () => {
  it('opens wa.me with the number and a message naming the page', () => {
    const href = whatsappHref('919876543210', WHATSAPP.message('About Us'));
    const url = new URL(href!);
    expect(url.origin + url.pathname).toBe('https://wa.me/919876543210');
    expect(url.searchParams.get('text')).toBe(
      'Hello DeltaSecure, I am on your About Us page and have a question.',
    );
  });

  it('is absent when no number is set', () => {
    expect(whatsappHref('', WHATSAPP.message('home'))).toBeNull();
  });
});
