/**
 * What a sender types cannot be turned against its owner or the staff, through the API function on both stores
 * with a real SMTP server: one acknowledgement a day per real mailbox however the address is spelt (`+tags`,
 * case, Gmail's dots and googlemail.com), and a name holding line breaks or bidi controls is stored on one line,
 * so it cannot forge lines in the staff e-mail, the CSV or the admin's list.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { exportPath, requestFamilies } from '../../src/lib/collections.ts';
import { startMailCatcher, type MailCatcher } from '../../scripts/local/mail-catcher.ts';
import { body, freshAddresses, startApiOn, STORE_BACKENDS, type Api } from './api-harness.ts';

const STAFF = 'staff@delta.example';
const freshIp = freshAddresses('198.18');
/** Every character that starts a line somewhere, and the bidi controls. */
const FORGING = /[\n\v\f\r\u0085\u2028\u2029\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

describe.each(STORE_BACKENDS)('enquiry senders on %s', (backend) => {
  let api: Api;
  let stop: () => Promise<void> = async () => {};
  let mail: MailCatcher;

  beforeAll(async () => {
    mail = await startMailCatcher();
    const env = {
      SMTP_URL: mail.url,
      NOTIFY_EMAIL_TO: STAFF,
      NOTIFY_EMAIL_FROM: 'DeltaSecure website <website@delta.example>',
      SUBMISSION_RATE_LIMIT_MAX: '10000',
      SUBMISSION_SENDER_LIMIT_MAX: '10000',
    };
    ({ api, stop } = await startApiOn(backend, 'senders', { env }));
  });
  afterAll(async () => {
    await stop();
    await mail?.stop();
  });
  beforeEach(async () => {
    await api.settle();
  });

  const contact = (fields: { name?: string; email: string }) =>
    api.call(requestFamilies.contact.path, {
      method: 'POST',
      json: { name: 'Asha Rao', phone: '9845012345', message: 'Hello', ...fields },
      ip: freshIp(),
    });
  const acknowledgements = () => mail.mails().filter((m) => !m.to.includes(STAFF));

  it('acknowledges one real mailbox once a day, whatever spelling of its address is typed', async () => {
    const before = acknowledgements().length;
    const gmail = `asha.rao.${backend}@gmail.com`;
    for (const email of [
      gmail,
      `asharao${backend}+courses@gmail.com`,
      `Asha.Rao.${backend}+x@googlemail.com`,
      `ASHA.RAO.${backend}@GMAIL.COM`,
    ])
      expect((await contact({ email })).status, email).toBe(201);
    const company = `asha.${backend}@kaveri.example`;
    for (const email of [company, `asha.${backend}+enquiry@kaveri.example`, `Asha.${backend}@Kaveri.Example`])
      expect((await contact({ email })).status, email).toBe(201);
    await api.settle();
    // Two mailboxes, two acknowledgements: each to the address first typed.
    const sent = acknowledgements().slice(0, acknowledgements().length - before);
    expect(sent.map((m) => m.to).sort()).toEqual([[company], [gmail]].sort());
    // Every request was stored and told to the staff all the same.
    expect(
      mail.mails().filter((m) => m.to.includes(STAFF) && m.text.includes('Hello')).length,
    ).toBeGreaterThanOrEqual(7);
  });

  it('stores a name with line breaks or bidi controls on one line: the e-mail, the CSV and the list cannot be forged', async () => {
    const tag = `forge${backend}`;
    const name = `Asha ${tag}\r\nEmail: attacker@evil.example\u2028Phone: +1 555 0100\u202Egnp.exe\u2066`;
    const response = await contact({ name, email: `${tag}@example.in` });
    expect(response.status).toBe(201);
    await api.settle();
    const oneLine = `Asha ${tag} Email: attacker@evil.example Phone: +1 555 0100gnp.exe`;

    const listed = (await body(await api.admin(`${requestFamilies.contact.path}?q=${tag}`))).data as {
      name: string;
    }[];
    expect(listed.map((request) => request.name)).toEqual([oneLine]);

    const staffMail = mail.mails().find((m) => m.to.includes(STAFF) && m.text.includes(tag));
    expect(staffMail?.subject).not.toMatch(FORGING);
    const lines = (staffMail?.text ?? '').split('\n');
    expect(lines.filter((line) => line.startsWith('Email:'))).toEqual([`Email: ${tag}@example.in`]);
    expect(lines.filter((line) => line.startsWith('Phone:'))).toEqual(['Phone: 9845012345']);
    expect(lines).toContain(`Name: ${oneLine}`);

    const csv = await (await api.admin(`${exportPath('contact')}?q=${tag}`)).text();
    const rows = csv.split('\r\n').filter((row) => row !== '');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(oneLine);
    expect(csv.replaceAll('\r\n', '')).not.toMatch(FORGING);
  });
});
