/**
 * The admin side of every field kind: a fixture family using each kind gets a form that draws each
 * input with its label, and a card that draws each value with its cell, through the store and the real API
 * handlers built from a registry that includes it. Rendered on the server, as the throwaway family's test does.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FIELD_REASONS } from '../../lib/api-messages.ts';
import type { ContentFamily } from '../../lib/collections.ts';
import {
  batchFamily,
  courseFamily,
  kindRegistry,
  trainerFamily,
} from '../../../tests/support/field-kind-families.ts';
import { pictureFile, signedInAdminPerTest, until } from '../../../tests/support/admin-browser.ts';
import type { ContentScreenConfig } from '../content-screens.ts';
import { createContentStore } from '../stores/content-store.ts';
import { readReferenceOptions } from './reference-options.ts';
import { ContentList, ContentScreen } from '../screens/ContentScreen.tsx';
import { apiValuesOf, emptyValues } from '../screens/content/form-values.ts';

const screenOf = (family: ContentFamily, heading: string): ContentScreenConfig => ({
  family,
  heading,
  noun: heading.slice(0, -1),
  layout: 'list',
  imageFailed: 'That picture could not be read',
  fetchError: () => family.messages.fetchFailed,
});
const courses = screenOf(courseFamily, 'Courses');
const batches = screenOf(batchFamily, 'Batches');

signedInAdminPerTest({ browser: { registry: kindRegistry }, flag: false });

/** The id of the control a label names, and that control's opening tag. */
function control(html: string, label: string): string {
  const id = new RegExp(`<label for="([^"]+)">${label}</label>`).exec(html)?.[1];
  expect(id, `a label "${label}"`).toBeDefined();
  const tag = new RegExp(
    `<(input|select|textarea)[^>]* id="${id}"[^>]*>|<(input|select|textarea) id="${id}"[^>]*>`,
  ).exec(html)?.[0];
  expect(tag, `the control of "${label}"`).toBeDefined();
  return tag!;
}

describe('the form of a family using every kind', () => {
  it('draws each field with its label and its kind’s control', () => {
    const html = renderToStaticMarkup(createElement(ContentScreen, { screen: courses }));
    expect(control(html, 'Title')).toContain('type="text"');
    expect(control(html, 'Address')).toMatch(/type="text".*maxLength="60"/);
    expect(html).toContain('Leave empty to make one from the title.');
    expect(control(html, 'About')).toMatch(/^<textarea[^>]*class="markdown-source"/);
    expect(control(html, 'Fee')).toMatch(/type="text" inputMode="decimal"/);
    expect(control(html, 'Fee')).toContain('aria-required="true"');
    expect(html).toContain('In rupees, such as 12500 or 12500.50');
    expect(control(html, 'Starts')).toContain('type="date"');
    expect(control(html, 'Hours')).toMatch(/type="number".*min="1" max="500"/);
    expect(control(html, 'Level')).toMatch(/^<select/);
    expect(html).toMatch(
      /<option value=""[^>]*>Choose…<\/option><option value="beginner">Beginner<\/option>/,
    );
    expect(control(html, 'Featured')).toContain('type="checkbox"');
    expect(control(html, 'Syllabus')).toContain('type="url"');
    expect(html).toContain('<legend>Trainers</legend>');
    expect(html).toContain('<legend>Modules</legend>');
    expect(html).toContain('Add Module</button>');

    const batch = renderToStaticMarkup(createElement(ContentScreen, { screen: batches }));
    expect(control(batch, 'Course')).toMatch(/^<select/);
    expect(control(batch, 'First class')).toContain('type="datetime-local"');
    expect(batch).toContain('India Standard Time (IST)');
    expect(control(batch, 'Seats')).toContain('type="number"');
    expect(batch).toContain('Image (optional)');
  });

  it('turns what was typed into the API’s values, and the family’s schema reports what is wrong', () => {
    const typed = {
      ...emptyValues(courseFamily.fields),
      title: 'Red Team',
      fee: '12,500.50',
      starts: '2026-03-14',
      featured: true,
      modules: [{ title: 'Recon', topics: ['OSINT', ''] }],
    };
    expect(courseFamily.inputSchema.parse(apiValuesOf(courseFamily.fields, typed))).toMatchObject({
      fee: 1_250_050,
      starts: '2026-03-13T18:30:00.000Z',
      featured: true,
      modules: [{ title: 'Recon', topics: ['OSINT'] }],
    });
    const wrong = courseFamily.inputSchema.safeParse(
      apiValuesOf(courseFamily.fields, { ...typed, fee: '12.345' }),
    );
    expect(wrong.error?.issues[0]?.message).toBe(FIELD_REASONS.money('Fee'));
  });
});

describe('the card of a family using every kind', () => {
  it('shows each value as its kind writes it, after a save through the store and the API', async () => {
    const store = createContentStore(courses);
    await store.load();
    const typed = {
      ...emptyValues(courseFamily.fields),
      title: 'Red Team',
      body: '# Hands-on\n\nLabs **every** day',
      fee: '1,25,000',
      starts: '2026-03-14',
      hours: '40',
      level: 'advanced',
      featured: true,
      syllabus: 'https://example.com/red.pdf',
      modules: [{ title: 'Recon', topics: ['OSINT', 'DNS'] }],
    };
    const fields = courseFamily.inputSchema.parse(apiValuesOf(courseFamily.fields, typed)) as Record<
      string,
      unknown
    >;
    expect(await store.save({ id: null, fields, file: null })).toEqual({ ok: true });
    const [item] = (await until(store.$list, (list) => list.items.length === 1)).items;
    expect(item).toMatchObject({ slug: 'red-team', fee: 12_500_000 });

    const card = renderToStaticMarkup(createElement(ContentList, { config: courses, store }));
    expect(card).toContain('<h3>Red Team</h3>');
    for (const line of [
      'Address: red-team',
      'About: # Hands-on\n\nLabs **every** day',
      'Fee: ₹1,25,000',
      'Starts: 14 Mar 2026',
      'Hours: 40',
      'Level: Advanced',
      'Featured: Yes',
      'Syllabus: https://example.com/red.pdf',
      'Modules: Recon — OSINT; DNS',
    ])
      expect(card).toContain(`<p>${line}</p>`);
  });

  it('names referred items by their title, in the form and on the card', async () => {
    const trainers = createContentStore(screenOf(trainerFamily, 'Trainers'));
    await trainers.load();
    expect(await trainers.save({ id: null, fields: { name: 'Asha' }, file: null })).toEqual({ ok: true });
    const [asha] = (await until(trainers.$list, (list) => list.items.length === 1)).items;

    const store = createContentStore(courses);
    await store.load();
    const fields = { title: 'Blue Team', fee: 900_000, trainers: [asha!._id] };
    expect(await store.save({ id: null, fields, file: null })).toEqual({ ok: true });
    await until(store.$list, (list) => list.items.some((item) => item.title === 'Blue Team'));

    // The form's checkboxes and every card share one read of the trainers.
    expect(await readReferenceOptions(trainerFamily.key)).toEqual([{ id: asha!._id, name: 'Asha' }]);
    const card = renderToStaticMarkup(createElement(ContentList, { config: courses, store }));
    expect(card).toContain('<p>Trainers: Asha</p>');
    const form = renderToStaticMarkup(createElement(ContentScreen, { screen: courses }));
    expect(form).toMatch(new RegExp(`<label for="[^"]+-trainers-${asha!._id}">Asha</label>`));
  });

  it('sends numbers, times and references through a multipart save with a picture', async () => {
    const courseStore = createContentStore(courses);
    await courseStore.load();
    expect(
      await courseStore.save({ id: null, fields: { title: 'Purple Team', fee: 100 }, file: null }),
    ).toEqual({ ok: true });
    const course = (
      await until(courseStore.$list, (list) => list.items.some((item) => item.title === 'Purple Team'))
    ).items.find((item) => item.title === 'Purple Team');

    const store = createContentStore(batches);
    await store.load();
    const typed = {
      ...emptyValues(batchFamily.fields),
      title: 'August batch',
      course: course!._id,
      firstClass: '2026-08-01T00:30',
      seats: '25',
    };
    const fields = batchFamily.inputSchema.parse(apiValuesOf(batchFamily.fields, typed)) as Record<
      string,
      unknown
    >;
    const file = await pictureFile('batch.png', 320, 320);
    expect(await store.save({ id: null, fields, file })).toEqual({ ok: true });
    const [batch] = (await until(store.$list, (list) => list.items.length === 1)).items;
    expect(batch).toMatchObject({
      course: course!._id,
      firstClass: '2026-07-31T19:00:00.000Z',
      seats: 25,
      imageWidth: 320,
    });
    const card = renderToStaticMarkup(createElement(ContentList, { config: batches, store }));
    expect(card).toContain('<p>First class: 1 Aug 2026, 12:30 am IST</p>');
    expect(card).toContain('<p>Seats: 25</p>');
  });
});
