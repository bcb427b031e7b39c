/**
 * Issue 12.7: the site settings through the API function, on both stores (Netlify's local Blobs server; a real
 * redis-server behind the Upstash gateway). The seed when nothing is stored, a validated save with its purge and
 * rebuild, the history and its restore, and every refusal leaving the store as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  settingsFamily,
  settingsRevisionRestorePath,
  settingsRevisionsPath,
} from '../../src/lib/collections.ts';
import { API, FIELD_REASONS, VALIDATION } from '../../src/lib/api-messages.ts';
import type { SettingGroup } from '../../src/lib/setting-builders.ts';
import { SETTING_FIELDS } from '../../src/lib/setting-fields.ts';
import { SITE_SETTINGS_SEED, type SiteSettings } from '../../src/lib/site-settings.ts';
import { MAP_EMBED_ORIGINS, siteConfig } from '../../src/lib/site-config.ts';
import { APPLY_TO_INVALID, COURSE_SETTINGS, SETTINGS, TRUST_SETTINGS } from '../../src/lib/staff-messages.ts';
import { createImageStore } from '../../src/server/images/image-store.ts';
import { backupBuffer, collectBackup, collectionPath } from '../../src/server/migration/backup.ts';
import { restoreBackup } from '../../scripts/migration/restore.ts';
import { body, startApiOn, STORE_BACKENDS, type Api } from './api-harness.ts';

const path = settingsFamily.path;

describe.each(STORE_BACKENDS)('site settings on %s', (backend) => {
  let api: Api;
  let stop: () => Promise<void> = async () => {};
  const purged: string[][] = [];

  beforeAll(async () => {
    ({ api, stop } = await startApiOn(backend, 'settings', {
      deps: {
        purgeCache: async (tags) => {
          purged.push(tags);
        },
      },
    }));
  });
  afterAll(() => stop());

  const stored = async () => ({
    items: await api.repository.list(settingsFamily.key),
    revisions: await Promise.all(
      (await api.repository.list(settingsFamily.key)).map((item) =>
        api.repository.revisions(settingsFamily.key, item._id),
      ),
    ),
  });
  const current = async () => (await body(await api.call(path))).data as SiteSettings;
  const edited = (changes: Partial<SiteSettings>): SiteSettings => ({ ...SITE_SETTINGS_SEED, ...changes });

  it("answers today's values while nothing is stored, publicly and cacheable like the other public reads", async () => {
    const response = await api.call(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('netlify-cache-tag')).toBe(settingsFamily.cacheTag);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const data = (await body(response)).data as SiteSettings;
    expect(data).toEqual(SITE_SETTINGS_SEED);
    // The seed is what the site showed before settings existed.
    expect(data).toMatchObject({
      phone: siteConfig.phone,
      email: siteConfig.email,
      certificateUrl: siteConfig.certificateUrl,
      totalProjects: 51,
      happyCustomers: 21,
    });
    const history = await api.admin(settingsRevisionsPath);
    expect(history.status).toBe(200);
    expect((await body(history)).data).toEqual([]);
    expect((await stored()).items).toEqual([]);
  });

  it('refuses a save without a session (401) and from another origin (403), storing nothing', async () => {
    const before = await stored();
    const json = edited({ phone: '+91 98765 43210' });
    const anonymous = await api.call(path, { method: 'PUT', json });
    expect(anonymous.status).toBe(401);
    expect(await body(anonymous)).toEqual({ success: false, message: API.unauthorized });
    for (const origin of ['https://evil.example', null]) {
      const foreign = await api.admin(path, { method: 'PUT', json, origin });
      expect(foreign.status, String(origin)).toBe(403);
      expect(await body(foreign)).toEqual({ success: false, message: API.forbiddenOrigin });
    }
    expect((await api.call(settingsRevisionsPath)).status).toBe(401);
    expect((await api.admin(settingsRevisionsPath, { origin: 'https://evil.example' })).status).toBe(403);
    expect(await stored()).toEqual(before);
    expect(purged).toEqual([]);
  });

  it('answers 400 with a reason per field and changes nothing', async () => {
    const before = await stored();
    const response = await api.admin(path, {
      method: 'PUT',
      json: {
        ...SITE_SETTINGS_SEED,
        aboutDescription1: '   ',
        totalProjects: -1,
        happyCustomers: 2.5,
        address: [' ', ''],
        email: 'not-an-email',
        phone: 'call us',
        phoneSecondary: 'x',
        mapEmbedUrl: 'https://maps.evil.example/embed',
        mapLinkUrl: 'javascript:alert(1)',
        certificateUrl: 'http://certificates.example.com',
        footerTagline: 'x'.repeat(201),
      },
    });
    expect(response.status).toBe(400);
    const answer = await body(response);
    expect(answer.success).toBe(false);
    expect(answer.errors).toEqual({
      aboutDescription1: SETTINGS.required('Home page About section, first paragraph'),
      totalProjects: SETTINGS.countInvalid,
      happyCustomers: SETTINGS.countInvalid,
      address: SETTINGS.linesInvalid(1, 4),
      email: VALIDATION.emailInvalid,
      phone: VALIDATION.phoneInvalid,
      phoneSecondary: VALIDATION.phoneInvalid,
      mapEmbedUrl: SETTINGS.mapOriginInvalid(MAP_EMBED_ORIGINS.join(', ')),
      mapLinkUrl: SETTINGS.urlInvalid,
      certificateUrl: SETTINGS.urlInvalid,
      footerTagline: VALIDATION.tooLong(200),
    });
    expect(answer.message).toBe(SETTINGS.required('Home page About section, first paragraph'));
    // Unknown fields, a missing field and a body that is not JSON are refused too.
    for (const json of [{ ...SITE_SETTINGS_SEED, extra: 1 }, { ...SITE_SETTINGS_SEED, phone: undefined }, []])
      expect((await api.admin(path, { method: 'PUT', json })).status).toBe(400);
    const broken = await api.admin(path, {
      method: 'PUT',
      body: '{',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(await stored()).toEqual(before);
    expect(await current()).toEqual(SITE_SETTINGS_SEED);
    expect(purged).toEqual([]);
  });

  it('saves trimmed values, purges the settings tag (no rebuild: pages render on demand), and keeps the seed as the first version', async () => {
    const response = await api.admin(path, {
      method: 'PUT',
      json: edited({
        phone: '  +91 98765 43210 ',
        phoneSecondary: '',
        address: [' Floor 3 ', '', 'Mumbai 400001'],
        happyCustomers: 140,
      }),
    });
    expect(response.status).toBe(200);
    const answer = await body(response);
    expect(answer.message).toBe(SETTINGS.updated);
    const saved = edited({
      phone: '+91 98765 43210',
      phoneSecondary: '',
      address: ['Floor 3', 'Mumbai 400001'],
      happyCustomers: 140,
    });
    expect(answer.data).toEqual(saved);
    expect(await current()).toEqual(saved);
    expect(purged).toEqual([[settingsFamily.cacheTag]]);

    const history = (await body(await api.admin(settingsRevisionsPath))).data as {
      rev: string;
      savedAt: string;
      data: SiteSettings;
    }[];
    expect(history.map((version) => version.data)).toEqual([saved, SITE_SETTINGS_SEED]);
    // One stored item, whatever the number of saves.
    api.clock.advance(1_000);
    await api.admin(path, { method: 'PUT', json: edited({ phone: '+91 90000 11111' }) });
    expect((await stored()).items).toHaveLength(1);
  });

  it('restores an earlier version as a new one, with the same purge; an unknown version is 404', async () => {
    const history = (await body(await api.admin(settingsRevisionsPath))).data as {
      rev: string;
      data: SiteSettings;
    }[];
    const seedVersion = history.find((version) => version.data.phone === SITE_SETTINGS_SEED.phone);
    expect(seedVersion).toBeDefined();
    const purgesBefore = purged.length;

    const before = await stored();
    expect((await api.call(settingsRevisionRestorePath(seedVersion!.rev), { method: 'POST' })).status).toBe(
      401,
    );
    expect(
      (
        await api.admin(settingsRevisionRestorePath(seedVersion!.rev), {
          method: 'POST',
          origin: 'https://evil.example',
        })
      ).status,
    ).toBe(403);
    const unknown = await api.admin(settingsRevisionRestorePath('0000000000nosuchrev0'), { method: 'POST' });
    expect(unknown.status).toBe(404);
    expect(await stored()).toEqual(before);

    const restored = await api.admin(settingsRevisionRestorePath(seedVersion!.rev), { method: 'POST' });
    expect(restored.status).toBe(200);
    expect(await body(restored)).toMatchObject({ data: SITE_SETTINGS_SEED, message: SETTINGS.restored });
    expect(await current()).toEqual(SITE_SETTINGS_SEED);
    expect(purged.slice(purgesBefore)).toEqual([[settingsFamily.cacheTag]]);
    const after = (await body(await api.admin(settingsRevisionsPath))).data as { data: SiteSettings }[];
    expect(after).toHaveLength(history.length + 1);
    expect(after[0]?.data).toEqual(SITE_SETTINGS_SEED);
  });

  it('travels in backups; a backup taken before settings existed restores the seed', async () => {
    await api.admin(path, { method: 'PUT', json: edited({ phone: '+91 95555 12345' }) });
    const images = createImageStore(api.blobs.getStore(`settings-images-${backend}`));
    const contents = await collectBackup(api.repository, images, api.clock.now);
    expect(contents.manifest.counts.collections[settingsFamily.key]).toBe(1);
    const settingsFile = collectionPath(settingsFamily.key);
    const { [settingsFamily.key]: _left, ...olderCounts } = contents.manifest.counts.collections;
    const older = {
      manifest: {
        ...contents.manifest,
        counts: {
          ...contents.manifest.counts,
          collections: olderCounts as typeof olderCounts & { siteSettings: number },
        },
        entries: contents.manifest.entries.filter((entry) => entry.path !== settingsFile),
      },
      files: contents.files.filter((file) => file.path !== settingsFile),
    };
    await restoreBackup(await backupBuffer(older), { repository: api.repository, images });
    expect(await current()).toEqual(SITE_SETTINGS_SEED);
    expect((await stored()).items).toEqual([]);
    await restoreBackup(await backupBuffer(contents), { repository: api.repository, images });
    expect((await current()).phone).toBe('+91 95555 12345');
  });

  it("holds the public pages' own words (issue 21): the /about page, the Contact intro, the home hero and how to apply for a career", async () => {
    const before = await stored();
    const refused = await api.admin(path, {
      method: 'PUT',
      json: edited({
        aboutCard2Title: ' ',
        aboutContactText: '',
        heroServicesLabel: 'x'.repeat(61),
        careerApplyTo: 'javascript:alert(1)',
      }),
    });
    expect(refused.status).toBe(400);
    expect((await body(refused)).errors).toEqual({
      aboutCard2Title: SETTINGS.required('About page: second card, title'),
      aboutContactText: SETTINGS.required('About page: contact card, text (the phone and e-mail follow it)'),
      heroServicesLabel: VALIDATION.tooLong(60),
      careerApplyTo: APPLY_TO_INVALID,
    });
    const blankApply = await api.admin(path, { method: 'PUT', json: edited({ careerApplyTo: '' }) });
    expect((await body(blankApply)).errors).toEqual({
      careerApplyTo: SETTINGS.required('Careers page: how to apply'),
    });
    expect(await stored()).toEqual(before);

    const words = {
      heroLine: 'Audits, apps and academy.',
      aboutMissionHeading: 'Why We Exist',
      aboutCard3Title: 'Academy',
      aboutCard3Text: 'Weekend batches in Pune.',
      aboutContactTitle: 'Say Hello',
      contactHeading: 'Write to Us',
      contactIntro: '',
      careersHeading: 'Work With Us',
      careerApplyTo: ' https://jobs.example.com/apply ',
    };
    const saved = await api.admin(path, { method: 'PUT', json: edited(words) });
    expect(saved.status).toBe(200);
    expect(await current()).toEqual(edited({ ...words, careerApplyTo: 'https://jobs.example.com/apply' }));
    expect(
      (await api.admin(path, { method: 'PUT', json: edited({ careerApplyTo: 'jobs@example.com' }) })).status,
    ).toBe(200);
  });

  it('names, in each label, the page its words appear on', () => {
    const pages: Partial<Record<SettingGroup, string>> = {
      home: 'Home page',
      aboutPage: 'About page',
      servicesPage: 'Services page',
      contactPage: 'Contact page',
      careersPage: 'Careers page',
    };
    for (const field of SETTING_FIELDS) {
      const page = pages[field.group];
      if (page && !['totalProjects', 'happyCustomers'].includes(field.name))
        expect(field.label, field.name).toMatch(new RegExp(`^${page}`));
    }
    expect(SETTING_FIELDS.every((field) => !/One line per line/.test(field.hint ?? ''))).toBe(true);
  });

  it('holds what the course pages and their fees need (issue 22): a refund policy, a UPI ID and payee name, a GSTIN', async () => {
    expect(SITE_SETTINGS_SEED.refundPolicy).not.toBe('');
    expect(SITE_SETTINGS_SEED).toMatchObject({ upiVpa: '', upiPayeeName: '', gstin: '' });
    const before = await stored();
    const shown = await current();
    const refused = await api.admin(path, {
      method: 'PUT',
      json: edited({
        refundPolicy: 'x'.repeat(5_001),
        upiVpa: 'deltasecure at okhdfcbank',
        upiPayeeName: 'y'.repeat(101),
        gstin: '27AAPFU0939F1ZA',
      }),
    });
    expect(refused.status).toBe(400);
    expect((await body(refused)).errors).toEqual({
      refundPolicy: FIELD_REASONS.markdownTooLong(COURSE_SETTINGS.refundPolicyLabel, 5_000),
      upiVpa: FIELD_REASONS.upiVpa(COURSE_SETTINGS.upiVpaLabel),
      upiPayeeName: VALIDATION.tooLong(100),
      gstin: FIELD_REASONS.gstin(COURSE_SETTINGS.gstinLabel),
    });
    for (const gstin of ['27AAPFU0939F1Z', 'GSTIN-PENDING'])
      expect((await body(await api.admin(path, { method: 'PUT', json: edited({ gstin }) }))).errors).toEqual({
        gstin: FIELD_REASONS.gstin(COURSE_SETTINGS.gstinLabel),
      });
    expect(await stored()).toEqual(before);
    expect(await current()).toEqual(shown);

    const fees = {
      refundPolicy: 'Full refund up to 7 days before the batch starts.\r\n\r\n- No refund after that.',
      upiVpa: ' deltasecure@okhdfcbank ',
      upiPayeeName: ' DeltaSecure Solutions ',
      gstin: '27aapfu0939f1zv',
    };
    const saved = await api.admin(path, { method: 'PUT', json: { ...shown, ...fees } });
    expect(saved.status).toBe(200);
    const kept = {
      refundPolicy: 'Full refund up to 7 days before the batch starts.\n\n- No refund after that.',
      upiVpa: 'deltasecure@okhdfcbank',
      upiPayeeName: 'DeltaSecure Solutions',
      gstin: '27AAPFU0939F1ZV',
    };
    expect(await current()).toEqual({ ...shown, ...kept });
    const history = (await body(await api.admin(settingsRevisionsPath))).data as { data: SiteSettings }[];
    expect(history[0]?.data).toMatchObject(kept);

    // The optional ones may be emptied, or left out: either way they are stored empty, not kept from before.
    const { upiVpa: _upi, gstin: _gstin, ...rest } = { ...shown, ...kept };
    expect((await api.admin(path, { method: 'PUT', json: { ...rest, upiPayeeName: '' } })).status).toBe(200);
    expect(await current()).toEqual({ ...shown, ...kept, upiVpa: '', upiPayeeName: '', gstin: '' });
  });

  it('holds the trust settings (issue 25): security contact, bounty, credentials, WhatsApp; bad ones change nothing', async () => {
    const before = await stored();
    const shown = await current();
    const refused = await api.admin(path, {
      method: 'PUT',
      json: edited({
        securityContact: 'security@deltasecure.in',
        whatsappNumber: '98765',
        credentials: [{ name: '', issuer: 'BSI', reference: '', verifyUrl: '' }],
      }),
    });
    expect(refused.status).toBe(400);
    expect((await body(refused)).errors).toEqual({
      securityContact: FIELD_REASONS.contactUri(TRUST_SETTINGS.securityContactLabel),
      whatsappNumber: FIELD_REASONS.e164(TRUST_SETTINGS.whatsappLabel),
      credentials: FIELD_REASONS.groupEntry(
        TRUST_SETTINGS.credentialNoun,
        1,
        TRUST_SETTINGS.credentialNameRequired,
      ),
    });
    expect(await stored()).toEqual(before);
    expect(await current()).toEqual(shown);

    const trust = {
      securityContact: 'mailto:security@deltasecure.in',
      bountyOffered: true,
      bountyText: 'Up to ₹10,000 for a critical finding.',
      whatsappNumber: '+91 98765 43210',
      credentials: [
        {
          name: 'CERT-In empanelment',
          issuer: 'CERT-In',
          reference: '3(15)/2024',
          verifyUrl: 'https://cert-in.org.in',
        },
      ],
    };
    expect((await api.admin(path, { method: 'PUT', json: { ...shown, ...trust } })).status).toBe(200);
    expect(await current()).toEqual({ ...shown, ...trust, whatsappNumber: '919876543210' });
  });

  it('keeps a switch an older client leaves out (issue 25.5): omitted acknowledgement booleans keep their value', async () => {
    const shown = await current();
    // Staff switch the enrolment acknowledgement off.
    expect(
      (await api.admin(path, { method: 'PUT', json: { ...shown, ackEnroll: false, ackContact: true } }))
        .status,
    ).toBe(200);
    // A script written before the switches existed saves the settings without them.
    const { ackContact: _c, ackEnroll: _e, ackAssessment: _a, ...older } = await current();
    const saved = await api.admin(path, { method: 'PUT', json: { ...older, phone: '+91 90000 22222' } });
    expect(saved.status).toBe(200);
    expect((await body(saved)).data).toMatchObject({
      ackContact: true,
      ackEnroll: false,
      ackAssessment: true,
    });
    expect(await current()).toMatchObject({
      phone: '+91 90000 22222',
      ackContact: true,
      ackEnroll: false,
      ackAssessment: true,
    });
    // Sent, a boolean is what it says.
    expect(
      (
        await api.admin(path, {
          method: 'PUT',
          json: { ...(await current()), ackEnroll: true, ackContact: false },
        })
      ).status,
    ).toBe(200);
    expect(await current()).toMatchObject({ ackContact: false, ackEnroll: true, ackAssessment: true });
  });

  it('answers only its own routes and methods', async () => {
    expect((await api.admin(path, { method: 'DELETE' })).status).toBe(405);
    expect((await api.admin(path, { method: 'POST', json: SITE_SETTINGS_SEED })).status).toBe(405);
    expect((await api.admin(`${path}/anything/else`)).status).toBe(404);
  });
});
