import { describe, expect, it } from 'vitest';
import { startBanner } from './banner.ts';
import { LOCAL_MAIL_PATH } from './local-notifications.ts';

const facts = {
  port: 8888,
  password: 'password: secret (from ADMIN_PASSWORD)',
  store: 'Blobs sandbox in .local/dev',
  reach: 'loopback only (HOST=0.0.0.0 opens it to the network)',
};

describe('the start banner', () => {
  it('names the local mail inbox beside the site and the admin', () => {
    const lines = startBanner({ ...facts, inboxPath: LOCAL_MAIL_PATH }).split('\n');
    expect(lines).toEqual([
      '',
      '  Site:   http://localhost:8888',
      '  Admin:  http://localhost:8888/deltaadmin   password: secret (from ADMIN_PASSWORD)',
      '  Mail:   http://localhost:8888/__local/mail (every e-mail the site sends, as JSON)',
      '  Store:  Blobs sandbox in .local/dev',
      '  Listen: loopback only (HOST=0.0.0.0 opens it to the network)',
      '',
    ]);
  });

  it('says the mails leave through SMTP_URL when there is no local inbox', () => {
    expect(startBanner({ ...facts, inboxPath: null })).toContain('\n  Mail:   sent through SMTP_URL\n');
  });
});
