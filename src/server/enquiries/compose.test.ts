import { describe, expect, it } from 'vitest';
import { deliveryState, type Outbox } from '../../lib/enquiries.ts';
import { formatIst, istDayEnd, istDayStart } from '../../lib/ist.ts';
import { requestFamilies } from '../../lib/collections.ts';
import { columnText } from './columns.ts';
import { composeNotification } from './compose.ts';
import { webhookSignature } from './notifier.ts';
import { backoffMs } from './outbox.ts';

const item = {
  _id: '00mwtarciub53eukxjaq',
  createdAt: '2026-03-14T18:45:00.000Z',
  updatedAt: '2026-03-14T18:45:00.000Z',
  name: 'Asha Rao',
  email: 'asha@example.in',
  phone: '+91 98765 43210',
  message: 'Line one\nLine two',
};

describe('notification text', () => {
  it('names the kind and the person, lists every field, the IST time and the admin link', () => {
    const contact = composeNotification('contact', item, 'https://delta.example');
    expect(contact.subject).toBe('New contact message: Asha Rao');
    expect(contact.text).toBe(
      [
        'Name: Asha Rao',
        'Email: asha@example.in',
        'Phone: +91 98765 43210',
        'Message:\nLine one\nLine two',
        '',
        // 18:45 UTC is 00:15 the next day in India.
        'Received: 15 Mar 2026, 12:15 am IST',
        'Open in the admin: https://delta.example/deltaadmin/contact-data?q=00mwtarciub53eukxjaq',
        '',
      ].join('\n'),
    );
    expect(contact.payload).not.toHaveProperty('course');
    const enrol = composeNotification('enroll', { ...item, course: 'Cloud Computing' }, null);
    expect(enrol.subject).toBe('New enrolment: Asha Rao — Cloud Computing');
    expect(enrol.text).toContain('Course: Cloud Computing');
    expect(enrol.payload).toMatchObject({ type: 'enroll', course: 'Cloud Computing', id: item._id });
    expect(enrol.payload.text).toContain('/deltaadmin/enroll-data?q=');
  });

  it("writes an assessment's choices in staff's words, not the stored names; the CSV keeps the names", () => {
    const assessment = {
      ...item,
      organisation: 'Kaveri Fintech Pvt Ltd',
      scope: { webApps: 2, apis: 3, mobileApps: 0, ipAddresses: 16, cloudAccounts: 1 },
      environment: 'production',
      compliance: ['rbi', 'cert-in', 'pci-dss'],
      wantedBy: '2026-04-29T18:30:00.000Z',
      nda: 'yes',
      notes: 'Two apps',
      source: { utmSource: 'linkedin' },
    };
    const { text, payload } = composeNotification('assessment', assessment, null);
    expect(text).toContain('Scope: Web apps: 2; APIs: 3; IP addresses: 16; Cloud accounts: 1\n');
    expect(text).toContain('Environment: Production\n');
    expect(text).toContain('Compliance: RBI; CERT-In; PCI DSS\n');
    expect(text).toContain('NDA: Yes\n');
    expect(text).toContain('Wanted by: 30 Apr 2026\n');
    for (const key of ['webApps', 'ipAddresses', 'production', 'cert-in', 'pci-dss', ': yes'])
      expect(text).not.toContain(key);
    expect(payload.fields).toMatchObject({ Environment: 'Production', NDA: 'Yes' });
    const scope = requestFamilies.assessment.csvColumns.find((column) => column.field === 'scope')!;
    expect(columnText(scope, assessment)).toBe('webApps: 2; apis: 3; ipAddresses: 16; cloudAccounts: 1');
  });

  it('formats IST and bounds IST days', () => {
    expect(formatIst('2026-01-01T00:00:00Z')).toBe('1 Jan 2026, 5:30 am IST');
    expect(new Date(istDayStart('2026-03-15')).toISOString()).toBe('2026-03-14T18:30:00.000Z');
    expect(new Date(istDayEnd('2026-03-15')).toISOString()).toBe('2026-03-15T18:29:59.999Z');
  });

  it('signs the exact body with HMAC-SHA256 (a known vector)', () => {
    // RFC 4231 test case 2.
    expect(webhookSignature('Jefe', 'what do ya want for nothing?')).toBe(
      'sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('backs off 1, 2, 4 … minutes up to 3 hours', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(backoffMs(20)).toBe(3 * 60 * 60_000);
  });

  it('sums up delivery per request', () => {
    const entry = (state: 'pending' | 'sent' | 'failed', attempts: number) => ({
      state,
      attempts,
      nextAttemptAt: '',
    });
    const cases: [Outbox | undefined, string | undefined][] = [
      [undefined, undefined],
      [{}, undefined],
      [{ email: entry('pending', 0) }, 'pending'],
      [{ email: entry('sent', 1), webhook: entry('pending', 2) }, 'retrying'],
      [{ email: entry('sent', 1), webhook: entry('sent', 3) }, 'sent'],
      [{ email: entry('failed', 15), webhook: entry('sent', 1) }, 'failed'],
    ];
    for (const [outbox, expected] of cases) expect(deliveryState(outbox)).toBe(expected);
  });
});

describe('the webhook’s chat summary', () => {
  const hostile = {
    ...item,
    name: '<!channel> @everyone <https://evil.example|Open in the admin> [Open](https://evil.example) *now*\n# hi',
    course: '`x` ~y~ _z_ ||spoiler|| <@123> \\*',
  };

  it('carries what a visitor typed with no mention, link, tag or formatting left for Slack, Teams or Discord', () => {
    for (const family of ['contact', 'enroll'] as const) {
      const { payload, subject } = composeNotification(family, hostile, 'https://delta.example');
      for (const summary of [payload.text, payload.content]) {
        const typed = summary.slice(0, summary.lastIndexOf(' · '));
        expect(typed).not.toMatch(/[<>@*_~`|[\]\\\n]|https?:|evil\.example/);
        // Still readable as what was typed.
        expect(typed).toContain('channel');
        expect(typed).toContain('everyone');
        expect(typed).toContain('Open in the admin');
        // Our own link stays a link.
        expect(summary.endsWith(` · https://delta.example/deltaadmin/${family}-data?q=${item._id}`)).toBe(
          true,
        );
      }
      // The webhook's fields keep exactly what was typed; the e-mail too, but on one line (its subject is a header).
      expect(payload.name).toBe(hostile.name);
      expect(subject).toContain(hostile.name.replace('\n', ' '));
      expect(payload.allowed_mentions).toEqual({ parse: [] });
    }
  });

  it('names an enrolment’s batch under its course (issue 22)', () => {
    const batch = 'EH weekday evenings (12 Dec 2026 – 6 Feb 2027)';
    const enrol = composeNotification(
      'enroll',
      { ...item, course: 'Cloud Computing', batch: 'b1' },
      null,
      batch,
    );
    expect(enrol.text).toContain(`Course: Cloud Computing\nBatch: ${batch}\n`);
    expect(enrol.payload).toMatchObject({ course: 'Cloud Computing', batch });
    // Without a batch, nothing is added.
    expect(composeNotification('enroll', { ...item, course: 'Cloud Computing' }, null).text).not.toContain(
      'Batch',
    );
  });

  it('leaves ordinary names as they were', () => {
    const { payload } = composeNotification('enroll', { ...item, course: 'Cloud Computing' }, null);
    expect(payload.text).toBe(
      `New enrolment: Asha Rao — Cloud Computing · /deltaadmin/enroll-data?q=${item._id}`,
    );
  });
});

describe('a name that tries to write lines of its own', () => {
  // CRLF, a Unicode line separator and a right-to-left override, each opening a line that looks like a field.
  const forged = 'Asha\r\nEmail: attacker@evil.example\u2028Phone: +1 555 0100\u202Egnp.exe';

  it('stays on its own line in the staff e-mail, with no bidi control, for every request family', () => {
    const cases = [
      ['contact', { ...item, name: forged }],
      ['enroll', { ...item, name: forged, course: `Cloud\nBatch: free\u2066` }],
      [
        'assessment',
        {
          ...item,
          name: forged,
          organisation: `Kaveri\u2029Notes: wire the fee`,
          notes: 'Scope line one\nGSTIN: 27AAAAA0000A1Z5',
        },
      ],
    ] as const;
    for (const [family, request] of cases) {
      const { subject, text } = composeNotification(family, request, null);
      expect(subject, family).not.toMatch(/[\r\n\u2028\u2029\u202A-\u202E\u2066-\u2069]/);
      expect(text, family).not.toMatch(/[\r\u2028\u2029\u202A-\u202E\u2066-\u2069]/);
      const lines = text.split('\n');
      // Only the real Email and Phone lines, each with the real value; the forged ones stay inside the name.
      expect(
        lines.filter((line) => line.startsWith('Email:')),
        family,
      ).toEqual(['Email: asha@example.in']);
      expect(
        lines.filter((line) => line.startsWith('Phone:')),
        family,
      ).toEqual(['Phone: +91 98765 43210']);
      expect(lines, family).toContain('Name: Asha Email: attacker@evil.example Phone: +1 555 0100gnp.exe');
      // The assessment's own (empty) GSTIN and its notes, whose second line is indented under them.
      const assessment = family === 'assessment';
      expect(
        lines.filter((line) => line.startsWith('Batch:')),
        family,
      ).toEqual([]);
      expect(
        lines.filter((line) => line.startsWith('GSTIN:')),
        family,
      ).toEqual(assessment ? ['GSTIN: '] : []);
      expect(
        lines.filter((line) => line.startsWith('Notes:')),
        family,
      ).toEqual(assessment ? ['Notes: Scope line one'] : []);
      if (assessment) expect(lines).toContain('  GSTIN: 27AAAAA0000A1Z5');
    }
  });
});
