/**
 * A family that exists only in this fixture: added to the registry the API is served from, it gets its routes,
 * validation, authorisation, pictures and CSV with no other file touched. If this test needs a change elsewhere to
 * pass, the registry no longer drives everything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFamilies, contentFamily, csvPath, requestFamilies } from '../../src/lib/collections.ts';
import { imageField, textField } from '../../src/lib/fields.ts';
import { API } from '../../src/lib/api-messages.ts';
import { jpegWithExifAndGps } from '../../src/server/images/image-fixtures.ts';
import { body, multipart, startApi, type Api } from './api-harness.ts';

const testimonial = contentFamily('testimonial', {
  fields: [
    imageField({
      folder: 'content',
      storedAs: 'fileName',
      requiredOnCreate: true,
      browserDownscale: true,
      hint: null,
    }),
    textField('title', { label: 'Name', max: 80, required: 'Name is required' }),
    textField('text', { kind: 'textarea', label: 'Text', max: 600, required: 'Text is required' }),
  ],
  confirmDelete: 'Delete this testimonial?',
  messages: {
    added: 'Testimonial added',
    updated: 'Testimonial updated',
    deleted: 'Testimonial deleted',
    empty: 'No testimonials yet',
    fetchFailed: 'Failed to fetch testimonials',
    addFailed: 'Failed to add testimonial',
    updateFailed: 'Failed to update testimonial',
    deleteFailed: 'Failed to delete testimonial',
  },
});

let api: Api;
let photo: Buffer;
beforeAll(async () => {
  photo = await jpegWithExifAndGps(480, 320);
  api = await startApi({
    registry: {
      content: [...Object.values(contentFamilies), testimonial],
      requests: Object.values(requestFamilies),
    },
  });
});
afterAll(() => api.stop());

const quote = { title: 'Asha, CTF winner', text: 'The bug-hunting course got me my first bounty.' };

describe('a family added only to the registry', () => {
  it('derives its schemas from its fields', () => {
    expect(testimonial.path).toBe('/api/v1/testimonial');
    expect(testimonial.titleField).toBe('title');
    expect(testimonial.multipart).toBe(true);
    expect(testimonial.inputSchema.safeParse(quote).success).toBe(true);
    expect(testimonial.inputSchema.safeParse({ ...quote, extra: 1 }).success).toBe(false);
    expect(
      testimonial.itemSchema.safeParse({ _id: 'a', createdAt: 'x', updatedAt: 'x', ...quote }).success,
    ).toBe(false);
  });

  it('is refused without a session or from another origin, and nothing is stored', async () => {
    const noSession = await api.call(testimonial.path, {
      method: 'POST',
      form: multipart(quote, { bytes: photo }),
    });
    expect(noSession.status).toBe(401);
    const foreign = await api.admin(testimonial.path, {
      method: 'POST',
      origin: 'https://evil.example',
      form: multipart(quote, { bytes: photo }),
    });
    expect(foreign.status).toBe(403);
    expect((await api.call(csvPath(testimonial))).status).toBe(401);
    expect(await api.repository.list('testimonial')).toEqual([]);
  });

  it('validates with the field messages and a required picture, changing nothing', async () => {
    const response = await api.admin(testimonial.path, { method: 'POST', form: multipart({ title: ' ' }) });
    expect(response.status).toBe(400);
    expect((await body(response)).errors).toEqual({
      title: 'Name is required',
      text: 'Text is required',
      image: 'Please select an image',
    });
    expect(await api.repository.list('testimonial')).toEqual([]);
  });

  it('is created with its picture, listed publicly, updated, exported and deleted', async () => {
    const created = await api.admin(testimonial.path, {
      method: 'POST',
      form: multipart(quote, { bytes: photo }),
    });
    expect(created.status).toBe(201);
    const createdBody = await body(created);
    expect(createdBody.message).toBe('Testimonial added');
    const item = createdBody.data as { _id: string; image: string; imageWidth: number; imageHeight: number };
    expect(item.image).toMatch(/^[a-f0-9]{32}\.webp$/);
    // The fixture photo carries an EXIF rotation: the stored size is the upright one.
    expect([item.imageWidth, item.imageHeight].sort()).toEqual([320, 480]);
    const picture = await api.call(`/uploads/content/${item.image}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/webp');

    const list = await api.call(testimonial.path.toLowerCase());
    expect(list.status).toBe(200);
    expect((await body(list)).data).toEqual([expect.objectContaining({ _id: item._id, ...quote })]);

    const updated = await api.admin(`${testimonial.path}/${item._id}`, {
      method: 'PUT',
      json: { ...quote, text: 'Updated words.' },
    });
    expect(updated.status).toBe(200);
    expect((await body(updated)).data).toMatchObject({ text: 'Updated words.', image: item.image });

    const csv = await api.admin(csvPath(testimonial));
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('createdAt,updatedAt,image,title,text');
    expect(lines[1]).toContain(`/uploads/content/${item.image},"Asha, CTF winner",Updated words.`);

    const deleted = await api.admin(`${testimonial.path}/${item._id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect((await body(deleted)).message).toBe('Testimonial deleted');
    expect((await api.admin(`${testimonial.path}/${item._id}`, { method: 'DELETE' })).status).toBe(404);
    // Trashed, not destroyed (issue 12): the picture goes with the purge.
    expect(await api.purgeExpiredTrash()).toBe(1);
    expect((await api.call(`/uploads/content/${item.image}`)).status).toBe(404);
  });

  it('leaves the real registry alone: the fixture family is unknown to the deployed route table', async () => {
    const plain = await startApi();
    try {
      const response = await plain.call(testimonial.path);
      expect(response.status).toBe(404);
      expect(await body(response)).toEqual({ success: false, message: API.notFoundRoute });
    } finally {
      await plain.stop();
    }
  });
});
