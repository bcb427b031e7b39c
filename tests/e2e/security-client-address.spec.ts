/**
 * The local runner hands the functions the client's address the way Netlify does: from the connection. A client
 * that writes X-Forwarded-For (or Netlify's own header) neither picks its rate-limit bucket nor writes the
 * address the audit log records (scripts/local/client-address.ts).
 */
import { AUTH_PATHS } from '../../src/lib/collections.ts';
import { AUDIT_PATH, type AuditEntry } from '../../src/lib/identity.ts';
import { expect, projectBaseURL, test } from './fixtures.ts';

test('a failed sign-in is recorded with the connection’s address, not the one the client wrote', async ({
  playwright,
  adminApi,
  baseURL,
}) => {
  const origin = projectBaseURL({ baseURL });
  const visitor = await playwright.request.newContext({ baseURL: origin });
  const tried = `probe-${Date.now()}`;
  try {
    const response = await visitor.post(AUTH_PATHS.login, {
      data: { userId: tried, password: 'not the password at all' },
      headers: {
        Origin: origin,
        'X-Forwarded-For': '10.66.0.1',
        'X-Nf-Client-Connection-Ip': '10.66.0.2',
      },
    });
    expect(response.status()).toBe(401);
  } finally {
    await visitor.dispose();
  }
  const audit = await adminApi.get(`${AUDIT_PATH}?actor=${tried}&action=sign-in-failed`);
  expect(audit.status()).toBe(200);
  const entries = ((await audit.json()) as { data: AuditEntry[] }).data;
  expect(entries.map((entry) => entry.ip)).toEqual([expect.stringMatching(/^(127\.0\.0\.1|::1)$/)]);
});
