/** One key per real mailbox, for the acknowledgement's once-a-day rule. */
import { describe, expect, it } from 'vitest';
import { mailboxKey } from './mailbox.ts';

describe('mailboxKey', () => {
  it('folds +tags, case and surrounding space anywhere', () => {
    for (const address of [
      'asha@kaveri.example',
      'Asha@Kaveri.Example',
      ' asha+enquiry@kaveri.example ',
      'asha+a+b@kaveri.example',
      'asha@kaveri.example.',
    ])
      expect(mailboxKey(address), address).toBe('asha@kaveri.example');
  });

  it('folds dots and googlemail.com at Gmail only', () => {
    for (const address of ['a.sha.rao@gmail.com', 'asharao+x@googlemail.com', 'A.S.H.A.R.A.O@GMAIL.COM'])
      expect(mailboxKey(address), address).toBe('asharao@gmail.com');
    expect(mailboxKey('asha.rao@kaveri.example')).toBe('asha.rao@kaveri.example');
  });

  it('spells an internationalised domain one way, and leaves what it cannot split as it is', () => {
    expect(mailboxKey('asha@बैंक.भारत')).toBe(mailboxKey('asha@xn--i1b2bwdrf.xn--h2brj9c'));
    expect(mailboxKey('+tag@kaveri.example')).toBe('+tag@kaveri.example');
    expect(mailboxKey('no-at-sign')).toBe('no-at-sign');
  });

  it('keeps different mailboxes apart', () => {
    expect(mailboxKey('asha@kaveri.example')).not.toBe(mailboxKey('asha@kaveri.example.in'));
    expect(mailboxKey('asha.rao@outlook.com')).not.toBe(mailboxKey('asharao@outlook.com'));
  });
});
