import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../lib/identity.ts';
import { activitySentence, addressOf } from './activity.ts';

const entry = (fields: Partial<AuditEntry>): AuditEntry => ({
  _id: '00mwuh1tmpq5hx5omwqt',
  at: '2026-03-12T09:34:00.000Z',
  actor: 'priya',
  actorName: 'Priya Nair',
  action: 'update',
  target: { family: 'homeCourse' },
  ip: '203.0.113.9',
  ...fields,
});

describe('Activity sentences (issue 21.7)', () => {
  it('names the person acted on and what changed on their account', () => {
    expect(
      activitySentence(
        entry({
          action: 'account-update',
          target: { family: 'account', id: 'x', title: 'Ravi Kumar' },
          detail: { changes: ['disabled'] },
        }),
      ),
    ).toBe('Priya Nair disabled Ravi Kumar’s account');
    expect(
      activitySentence(
        entry({
          action: 'account-update',
          target: { family: 'account', id: 'x', title: 'Ravi Kumar' },
          detail: { changes: ['made-owner', 'password-reset'] },
        }),
      ),
    ).toBe('Priya Nair made Ravi Kumar an owner and set a new password for Ravi Kumar');
  });

  it('tells a status change with its labels, a note, and a delete by the item’s title', () => {
    const asha = { family: 'contact', id: 'c1', title: 'Asha Rao' };
    expect(
      activitySentence(
        entry({ action: 'status-change', target: asha, detail: { from: 'new', to: 'replied' } }),
      ),
    ).toBe('Priya Nair set status New → Replied on Asha Rao’s contact message');
    expect(activitySentence(entry({ action: 'note-change', target: asha }))).toBe(
      'Priya Nair saved a note on Asha Rao’s contact message',
    );
    expect(
      activitySentence(
        entry({ action: 'delete', target: { family: 'homeCourse', id: 'h1', title: 'Web basics' } }),
      ),
    ).toBe('Priya Nair deleted “Web basics” in Home Courses');
    expect(
      activitySentence(
        entry({
          action: 'restore',
          target: { family: 'career', title: 'Analyst' },
          detail: { source: 'trash' },
        }),
      ),
    ).toBe('Priya Nair restored “Analyst” in Career from the trash');
  });

  it('tells a preview link shared and revoked, naming the item (issue 24.4)', () => {
    const target = { family: 'career', id: 'k1', title: 'Analyst' };
    expect(activitySentence(entry({ action: 'preview-share', target }))).toBe(
      'Priya Nair shared a preview link to “Analyst” in Career',
    );
    expect(activitySentence(entry({ action: 'preview-revoke', target }))).toBe(
      'Priya Nair revoked a preview link to “Analyst” in Career',
    );
  });

  it('keeps older entries readable: no name, no details, a request known by its id only', () => {
    const old = { actorName: undefined, detail: undefined };
    expect(
      activitySentence(entry({ ...old, action: 'status-change', target: { family: 'enroll', id: 'e1' } })),
    ).toBe('priya changed the status of an enrolment request');
    expect(
      activitySentence(
        entry({ ...old, action: 'account-update', target: { family: 'account', id: 'a', title: 'ravi' } }),
      ),
    ).toBe('priya changed ravi’s account');
    expect(activitySentence(entry({ ...old, action: 'export', target: { family: 'enroll' } }))).toBe(
      'priya exported Enrollment Requests as CSV',
    );
  });

  it('shows the address when the platform told it, and nothing for an unknown one', () => {
    expect(addressOf(entry({ ip: '203.0.113.9' }))).toBe('203.0.113.9');
    expect(addressOf(entry({ ip: 'unknown' }))).toBe('');
  });
});
