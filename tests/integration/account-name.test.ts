/**
 * The signed-in person renames themselves (issue 21.11): the first owner was "Owner" for good, since the Team's
 * rename is for owners renaming others and the Account screen had no name. Real handlers, Netlify's Blobs server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS } from '../../src/lib/collections.ts';
import { ACCOUNT_PATHS, AUDIT_PATH, type AuditEntry } from '../../src/lib/identity.ts';
import { IDENTITY } from '../../src/lib/staff-messages.ts';
import { body, startApi, type Api } from './api-harness.ts';

describe('PATCH /api/v1/auth/name', () => {
  let api: Api;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.stop());

  const rename = (json: unknown, session = api.session()) =>
    api.call(ACCOUNT_PATHS.name, { method: 'PATCH', json, session });
  const nameOf = async (session: string) =>
    ((await body(await api.call(AUTH_PATHS.session, { session }))).data as { name?: string }).name;

  it('lets the bootstrap owner put their own name in place of "Owner", and logs it', async () => {
    const session = api.session();
    expect(await nameOf(session)).toBe('Owner');
    const response = await rename({ name: '  Asha Menon ' }, session);
    expect(response.status).toBe(200);
    const reply = await body(response);
    expect(reply.message).toBe(IDENTITY.accountUpdated);
    expect(reply.data).toMatchObject({ userId: 'admin', name: 'Asha Menon', role: 'owner' });
    expect(await nameOf(session)).toBe('Asha Menon');
    const log = (await body(await api.admin(AUDIT_PATH))).data as AuditEntry[];
    expect(log[0]).toMatchObject({ actor: 'admin', action: 'account-update' });
  });

  it('lets an editor rename themselves, and only themselves', async () => {
    const editor = await api.account({ userId: 'ravi', name: 'Ravi', role: 'editor' });
    const session = api.session('ravi');
    expect((await rename({ name: 'Ravi Kumar' }, session)).status).toBe(200);
    expect(await nameOf(session)).toBe('Ravi Kumar');
    // No other account's fields ride along.
    const sneaky = await rename({ name: 'Ravi', role: 'owner', _id: editor._id }, session);
    expect(sneaky.status).toBe(400);
    expect(await nameOf(session)).toBe('Ravi Kumar');
  });

  it('refuses an empty name with the field message and changes nothing; refuses without a session or from another origin', async () => {
    const session = api.session();
    const before = await nameOf(session);
    const empty = await rename({ name: '   ' }, session);
    expect(empty.status).toBe(400);
    expect((await body(empty)).errors).toMatchObject({ name: IDENTITY.nameRequired });
    expect(await nameOf(session)).toBe(before);
    expect((await api.call(ACCOUNT_PATHS.name, { method: 'PATCH', json: { name: 'X' } })).status).toBe(401);
    const foreign = await api.call(ACCOUNT_PATHS.name, {
      method: 'PATCH',
      json: { name: 'Forged' },
      session,
      origin: 'https://evil.example',
    });
    expect(foreign.status).toBe(403);
    expect(await nameOf(session)).toBe(before);
  });
});
