/**
 * The server's rules of the field kinds (issue 20.2), through the real content handler on a real store, with a
 * fixture registry: a slug is derived, unique within its family and its old values redirect (kept and still
 * reserved); a reference must name an item; an item others refer to cannot be deleted, and the refusal names them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvPath, revisionRestorePath, revisionsPath, trashRestorePath } from '../../src/lib/collections.ts';
import { FIELD_REASONS } from '../../src/lib/api-messages.ts';
import { batchFamily, courseFamily, kindRegistry, trainerFamily } from '../support/field-kind-families.ts';
import { body, startApi, startApiOn, STORE_BACKENDS, type Api } from './api-harness.ts';

let api: Api;
beforeAll(async () => {
  api = await startApi({ registry: kindRegistry });
});
afterAll(() => api.stop());

type Item = Record<string, unknown> & { _id: string };

async function create(path: string, json: Record<string, unknown>): Promise<Item> {
  const response = await api.admin(path, { method: 'POST', json });
  expect(response.status, JSON.stringify(await body(response.clone()))).toBe(201);
  return (await body(response)).data as Item;
}

const course = (title: string, extra: Record<string, unknown> = {}) => ({ title, fee: 1_250_000, ...extra });

describe('slug', () => {
  it('is derived from the title when left empty, and made unique within the family', async () => {
    const first = await create(courseFamily.path, course('Ethical Hacking: Café & CTF'));
    expect(first.slug).toBe('ethical-hacking-cafe-ctf');
    const second = await create(courseFamily.path, course('Ethical hacking – café & CTF'));
    expect(second.slug).toBe('ethical-hacking-cafe-ctf-2');
  });

  it('refuses a typed slug another item holds, naming that item, and stores nothing', async () => {
    await create(courseFamily.path, course('Web Development', { slug: 'web-dev' }));
    const before = (await api.repository.list(courseFamily.key)).length;
    const response = await api.admin(courseFamily.path, {
      method: 'POST',
      json: course('Web Dev Again', { slug: 'web-dev' }),
    });
    expect(response.status).toBe(400);
    const answer = await body(response);
    expect(answer.errors).toEqual({ slug: FIELD_REASONS.slugTaken('Address', 'web-dev', 'Web Development') });
    expect(answer.message).toBe(FIELD_REASONS.slugTaken('Address', 'web-dev', 'Web Development'));
    expect(await api.repository.list(courseFamily.key)).toHaveLength(before);
  });

  it('keeps the old slug on a change, so it redirects, and no other item may take it', async () => {
    const item = await create(courseFamily.path, course('Cloud Security', { slug: 'cloud' }));
    const renamed = await api.admin(`${courseFamily.path}/${item._id}`, {
      method: 'PUT',
      json: course('Cloud Security', { slug: 'cloud-security' }),
    });
    expect(renamed.status).toBe(200);
    expect((await body(renamed)).data).toMatchObject({ slug: 'cloud-security', slugHistory: ['cloud'] });
    // The public list carries the history, for the pages that redirect the old address.
    const listed = (await body(await api.call(courseFamily.path))).data as Item[];
    expect(listed.find((candidate) => candidate._id === item._id)).toMatchObject({ slugHistory: ['cloud'] });

    const thief = await api.admin(courseFamily.path, {
      method: 'POST',
      json: course('Cloudy', { slug: 'cloud' }),
    });
    expect(thief.status).toBe(400);
    expect((await body(thief)).errors).toEqual({
      slug: FIELD_REASONS.slugTaken('Address', 'cloud', 'Cloud Security'),
    });
    // Derived slugs step over old ones too.
    expect((await create(courseFamily.path, course('Cloud'))).slug).toBe('cloud-2');

    // Going back to the old slug is the item's own: allowed, and the newer one joins the history.
    const back = await api.admin(`${courseFamily.path}/${item._id}`, {
      method: 'PUT',
      json: course('Cloud Security', { slug: 'cloud' }),
    });
    expect((await body(back)).data).toMatchObject({ slug: 'cloud', slugHistory: ['cloud-security'] });
  });

  it('comes back with an earlier version, the current one kept as a redirect', async () => {
    const item = await create(courseFamily.path, course('Forensics', { slug: 'forensics' }));
    await api.admin(`${courseFamily.path}/${item._id}`, {
      method: 'PUT',
      json: course('Digital Forensics', { slug: 'digital-forensics' }),
    });
    const revisions = (await body(await api.admin(revisionsPath(courseFamily, item._id)))).data as {
      rev: string;
      data: Item;
    }[];
    const first = revisions.find((revision) => revision.data.slug === 'forensics');
    expect(first).toBeDefined();
    const restored = await api.admin(revisionRestorePath(courseFamily, item._id, first!.rev), {
      method: 'POST',
    });
    expect(restored.status).toBe(200);
    expect((await body(restored)).data).toMatchObject({
      title: 'Forensics',
      slug: 'forensics',
      slugHistory: ['digital-forensics'],
    });
  });

  it('is refused when malformed, with the field’s message', async () => {
    const response = await api.admin(courseFamily.path, {
      method: 'POST',
      json: course('Bad', { slug: 'Not A Slug' }),
    });
    expect(response.status).toBe(400);
    expect((await body(response)).errors).toEqual({ slug: FIELD_REASONS.slug('Address') });
  });
});

describe('references', () => {
  it('must name items that exist', async () => {
    const trainer = await create(trainerFamily.path, { name: 'Asha', email: 'asha@example.com' });
    const missing = await api.admin(courseFamily.path, {
      method: 'POST',
      json: course('Malware Analysis', { trainers: [trainer._id, 'no-such-trainer'] }),
    });
    expect(missing.status).toBe(400);
    expect((await body(missing)).errors).toEqual({ trainers: FIELD_REASONS.referenceMissing('Trainers') });

    const batch = await api.admin(batchFamily.path, {
      method: 'POST',
      json: { title: 'June', course: 'no-such-course', seats: 20 },
    });
    expect(batch.status).toBe(400);
    expect((await body(batch)).errors).toEqual({ course: FIELD_REASONS.referenceMissing('Course') });
    expect(await api.repository.list(batchFamily.key)).toEqual([]);
  });

  it('keep a referred item from being deleted, naming who refers to it, until they no longer do', async () => {
    const trainer = await create(trainerFamily.path, { name: 'Ravi' });
    const malware = await create(
      courseFamily.path,
      course('Reverse Engineering', { trainers: [trainer._id], starts: '2026-06-01' }),
    );
    const june = await create(batchFamily.path, {
      title: 'June batch',
      course: malware._id,
      seats: 20,
      firstClass: '2026-06-01T09:30',
    });
    expect(june).toMatchObject({ firstClass: '2026-06-01T04:00:00.000Z', seats: 20 });
    const july = await create(batchFamily.path, { title: 'July batch', course: malware._id, seats: 10 });

    const refused = await api.admin(`${courseFamily.path}/${malware._id}`, { method: 'DELETE' });
    expect(refused.status).toBe(409);
    expect((await body(refused)).message).toBe(FIELD_REASONS.referencedBy(['June batch', 'July batch']));
    expect(await api.repository.get(courseFamily.key, malware._id)).not.toBeNull();

    const trainerRefused = await api.admin(`${trainerFamily.path}/${trainer._id}`, { method: 'DELETE' });
    expect(trainerRefused.status).toBe(409);
    expect((await body(trainerRefused)).message).toBe(FIELD_REASONS.referencedBy(['Reverse Engineering']));

    for (const batch of [june, july])
      expect((await api.admin(`${batchFamily.path}/${batch._id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await api.admin(`${courseFamily.path}/${malware._id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await api.admin(`${trainerFamily.path}/${trainer._id}`, { method: 'DELETE' })).status).toBe(200);
  });
});

describe('references inside a repeatable group', () => {
  it('must name items that exist, the entry named, and keep what they refer to from being deleted', async () => {
    const trainer = await create(trainerFamily.path, { name: 'Meera' });
    const target = await create(courseFamily.path, course('Group Refs'));
    const gone = '0000000000aaaaaaaaaa';
    const refused = await api.admin(batchFamily.path, {
      method: 'POST',
      json: {
        title: 'Session batch',
        course: target._id,
        seats: 4,
        sessions: [
          { topic: 'Intro', trainer: trainer._id },
          { topic: 'Deep dive', trainer: gone },
        ],
      },
    });
    expect(refused.status).toBe(400);
    const reason = FIELD_REASONS.groupEntry('Session', 2, FIELD_REASONS.referenceMissing('Trainer'));
    expect((await body(refused)).errors).toEqual({ sessions: reason });
    expect((await api.repository.list(batchFamily.key)).map((item) => item.title)).not.toContain(
      'Session batch',
    );

    const batch = await create(batchFamily.path, {
      title: 'Session batch',
      course: target._id,
      seats: 4,
      sessions: [{ topic: 'Intro', trainer: trainer._id }, { topic: 'Lab' }],
    });
    expect(batch.sessions).toEqual([{ topic: 'Intro', trainer: trainer._id }, { topic: 'Lab' }]);
    const held = await api.admin(`${trainerFamily.path}/${trainer._id}`, { method: 'DELETE' });
    expect(held.status).toBe(409);
    expect((await body(held)).message).toBe(FIELD_REASONS.referencedBy(['Session batch']));

    expect((await api.admin(`${batchFamily.path}/${batch._id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await api.admin(`${trainerFamily.path}/${trainer._id}`, { method: 'DELETE' })).status).toBe(200);
    // Its trainer gone, the batch cannot come back from the trash.
    const restore = await api.admin(trashRestorePath(batchFamily.key, batch._id), { method: 'POST' });
    expect(restore.status).toBe(409);
    expect((await body(restore)).message).toBe(FIELD_REASONS.restoreReferenceMissing('Trainer'));
  });
});

describe('a restore from the trash', () => {
  it('is refused (409) when another item took the slug, or the item referred to is gone', async () => {
    const ai = await create(courseFamily.path, course('AI Security', { slug: 'ai' }));
    const batch = await create(batchFamily.path, { title: 'AI batch', course: ai._id, seats: 5 });
    expect((await api.admin(`${batchFamily.path}/${batch._id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await api.admin(`${courseFamily.path}/${ai._id}`, { method: 'DELETE' })).status).toBe(200);
    // In the trash, its slug is free to take.
    await create(courseFamily.path, course('AI Safety', { slug: 'ai' }));

    const refusedCourse = await api.admin(trashRestorePath(courseFamily.key, ai._id), { method: 'POST' });
    expect(refusedCourse.status).toBe(409);
    expect((await body(refusedCourse)).message).toBe(
      FIELD_REASONS.restoreSlugTaken('Address', 'ai', 'AI Safety'),
    );
    const refusedBatch = await api.admin(trashRestorePath(batchFamily.key, batch._id), { method: 'POST' });
    expect(refusedBatch.status).toBe(409);
    expect((await body(refusedBatch)).message).toBe(FIELD_REASONS.restoreReferenceMissing('Course'));
    expect(await api.repository.get(batchFamily.key, batch._id)).toBeNull();
    expect(await api.repository.get(courseFamily.key, ai._id)).toBeNull();
  });
});

describe('stored values and CSV', () => {
  it('stores paise, UTC instants, booleans and group entries, and writes them for people in the CSV', async () => {
    const item = await create(courseFamily.path, {
      title: 'Red Team',
      fee: 12_500_050,
      starts: '2026-03-14',
      hours: 40,
      level: 'advanced',
      featured: true,
      syllabus: 'https://example.com/red.pdf',
      modules: [
        { title: 'Recon', topics: ['OSINT', 'DNS'] },
        { title: 'Initial access', topics: [] },
      ],
    });
    expect(item).toMatchObject({
      fee: 12_500_050,
      starts: '2026-03-13T18:30:00.000Z',
      featured: true,
      modules: [
        { title: 'Recon', topics: ['OSINT', 'DNS'] },
        { title: 'Initial access', topics: [] },
      ],
    });

    const csv = await api.admin(csvPath(courseFamily));
    expect(csv.status).toBe(200);
    const [header, ...rows] = (await csv.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe(
      'createdAt,updatedAt,title,slug,body,fee,starts,hours,level,featured,syllabus,trainers,modules',
    );
    const row = rows.find((line) => line.includes('Red Team'));
    expect(row).toContain(
      ',Red Team,red-team,,125000.50,2026-03-14,40,Advanced,Yes,https://example.com/red.pdf,,"Recon — OSINT; DNS\nInitial access"',
    );
  });
});

describe.each(STORE_BACKENDS)('saves racing for one slug on %s', (backend) => {
  let raced: Api;
  let stop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    ({ api: raced, stop } = await startApiOn(backend, 'slug-race', { registry: kindRegistry }));
  });
  afterAll(() => stop());

  const save = (path: string, method: 'POST' | 'PUT', json: Record<string, unknown>) =>
    raced.admin(path, { method, json });
  const slugsOf = async () => (await raced.repository.list(courseFamily.key)).map((item) => item.slug);

  it('two creates of one typed slug: exactly one lands, the other is told who took it', async () => {
    const answers = await Promise.all(
      ['Race A', 'Race B'].map((title) => save(courseFamily.path, 'POST', course(title, { slug: 'race' }))),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400]);
    const winner = (await body(answers.find((answer) => answer.status === 201)!)).data as Item;
    const loser = await body(answers.find((answer) => answer.status === 400)!);
    const reason = FIELD_REASONS.slugTaken('Address', 'race', String(winner.title));
    expect(loser.errors).toEqual({ slug: reason });
    expect(loser.message).toBe(reason);
    expect((await slugsOf()).filter((slug) => slug === 'race')).toHaveLength(1);
  });

  it('two updates to one slug: exactly one lands, the other item keeps its own', async () => {
    const one = await save(courseFamily.path, 'POST', course('Mover One', { slug: 'mover-one' }));
    const two = await save(courseFamily.path, 'POST', course('Mover Two', { slug: 'mover-two' }));
    const [first, second] = [(await body(one)).data as Item, (await body(two)).data as Item];
    const answers = await Promise.all(
      [first, second].map((item) =>
        save(`${courseFamily.path}/${item._id}`, 'PUT', course(String(item.title), { slug: 'moved' })),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const winner = (await body(answers.find((answer) => answer.status === 200)!)).data as Item;
    expect((await body(answers.find((answer) => answer.status === 400)!)).errors).toEqual({
      slug: FIELD_REASONS.slugTaken('Address', 'moved', String(winner.title)),
    });
    const slugs = await slugsOf();
    expect(slugs.filter((slug) => slug === 'moved')).toHaveLength(1);
    expect(slugs).toContain(winner._id === first._id ? 'mover-two' : 'mover-one');
  });

  it('two creates deriving one slug: both land, the second on the next free slug', async () => {
    const answers = await Promise.all(
      [1, 2].map(() => save(courseFamily.path, 'POST', course('Parallel Worlds'))),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    const slugs = await Promise.all(answers.map(async (answer) => ((await body(answer)).data as Item).slug));
    expect(slugs.sort()).toEqual(['parallel-worlds', 'parallel-worlds-2']);
  });
});
