/** Signs the bench's admin in against the runner; the session cookie (`name=value`) for later writes. */
import { AUTH_PATHS } from '../../src/lib/collections.ts';
import { SESSION_COOKIE_NAME } from '../../src/lib/constants.ts';
import { BENCH_ADMIN_PASSWORD } from './context.ts';

export async function adminSession(base: string): Promise<string> {
  const login = await fetch(base + AUTH_PATHS.login, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ password: BENCH_ADMIN_PASSWORD }),
  });
  await login.arrayBuffer();
  if (!login.ok) throw new Error(`login answered ${login.status}`);
  const session = login.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith(`${SESSION_COOKIE_NAME}=`))
    ?.split(';')[0];
  if (!session) throw new Error('login set no session cookie');
  return session;
}
