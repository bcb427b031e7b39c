/**
 * A family the registry does not have ("testimonial": an author, a textarea, an optional picture), defined only
 * here, gets a working admin: its form and list card are rendered from its fields, and its store adds, lists,
 * edits and deletes it through the real API handlers built from a registry that includes it. No other file
 * knows this family: that is the point.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { contentFamilies, contentFamily, requestFamilies } from '../../lib/collections.ts';
import { imageField, textField } from '../../lib/fields.ts';
import { pictureFile, until, signedInAdminPerTest } from '../../../tests/support/admin-browser.ts';
import type { ContentScreenConfig } from '../content-screens.ts';
import { createContentStore } from '../stores/content-store.ts';
import { ContentForm, ContentList, ContentScreen } from './ContentScreen.tsx';

const testimonial = contentFamily('testimonial', {
  fields: [
    textField('author', { label: 'Author', max: 80, required: 'Who said it?' }),
    textField('quote', { kind: 'textarea', label: 'Quote', max: 600, required: 'What did they say?' }),
    imageField({
      folder: 'content',
      storedAs: 'fileName',
      requiredOnCreate: false,
      browserDownscale: false,
      hint: 'A square portrait works best',
    }),
  ],
  confirmDelete: 'Delete this testimonial?',
  messages: {
    added: 'Testimonial added',
    updated: 'Testimonial updated',
    deleted: 'Testimonial deleted',
    empty: 'No testimonials yet',
    fetchFailed: 'Could not load testimonials',
    addFailed: 'Could not add the testimonial',
    updateFailed: 'Could not update the testimonial',
    deleteFailed: 'Could not delete the testimonial',
  },
});

const screen: ContentScreenConfig = {
  family: testimonial,
  heading: 'Testimonials',
  noun: 'Testimonial',
  layout: 'list',
  imageFailed: 'That picture could not be read',
  fetchError: () => testimonial.messages.fetchFailed,
};

signedInAdminPerTest({
  browser: {
    registry: {
      content: [...Object.values(contentFamilies), testimonial],
      requests: Object.values(requestFamilies),
    },
  },
  flag: false,
});

const labelled = (html: string, label: string) => {
  const match = new RegExp(`<label for="([^"]+)">${label}</label>`).exec(html);
  return match?.[1] ?? null;
};

describe('a throwaway family', () => {
  it('derives its schemas and title field from its fields', () => {
    expect(testimonial.titleField).toBe('author');
    expect(testimonial.path).toBe('/api/v1/testimonial');
    expect(testimonial.multipart).toBe(true);
    expect(testimonial.inputSchema.safeParse({ author: ' ', quote: 'x' }).error?.issues[0]?.message).toBe(
      'Who said it?',
    );
  });

  it('renders its form from its fields, in order, with labels, limits and the picker hint', () => {
    const html = renderToStaticMarkup(createElement(ContentScreen, { screen }));
    expect(html).toContain('<h1 id="screen-title" class="screen-title">Testimonials</h1>');
    expect(html).toContain('<h2 class="panel-title">Add Testimonial</h2>');

    const author = labelled(html, 'Author');
    const quote = labelled(html, 'Quote');
    expect(author).not.toBeNull();
    expect(quote).not.toBeNull();
    expect(html).toContain(
      `<input id="${author}" type="text" maxLength="80" aria-required="true" value=""/>`,
    );
    expect(html).toContain(`<textarea id="${quote}" maxLength="600" aria-required="true"></textarea>`);
    // The picker: optional on create (so no required mark), with the field's hint.
    expect(html).toContain('Image (optional)');
    expect(html).toMatch(/<input id="[^"]+-image" type="file" accept="image\/jpeg,image\/png,[^"]*"/);
    expect(html).not.toMatch(/type="file"[^>]*aria-required/);
    expect(html).toContain('A square portrait works best</p>');
    // Field order: author, quote, picture, then the actions.
    const order = ['Author</label>', 'Quote</label>', 'Image (optional)', 'Add Testimonial</button>'].map(
      (marker) => html.indexOf(marker),
    );
    expect(order.every((at, index) => at > (order[index - 1] ?? -1))).toBe(true);
    // Nothing of the registry's own families leaks in.
    expect(html).not.toMatch(/>Title<|>Description<|>Points<|Point 1/);
  });

  it('adds, lists, edits and deletes through the API built from a registry that includes it', async () => {
    const store = createContentStore(screen);
    await store.load();
    expect(renderToStaticMarkup(createElement(ContentList, { config: screen, store }))).toContain(
      'No testimonials yet',
    );

    const file = await pictureFile('ada.png', 360, 360);
    expect(await store.save({ id: null, fields: { author: 'Ada', quote: 'It just works.' }, file })).toEqual({
      ok: true,
    });
    expect(store.$notice.get()).toEqual({ kind: 'success', text: 'Testimonial added' });
    const [item] = (await until(store.$list, (list) => list.items.length === 1)).items;
    expect(item).toMatchObject({ author: 'Ada', quote: 'It just works.', imageWidth: 360, imageHeight: 360 });

    // The card: the picture, the title field as the heading, the textarea as a paragraph, named buttons.
    const card = renderToStaticMarkup(createElement(ContentList, { config: screen, store }));
    expect(card).toMatch(
      new RegExp(`<li class="item-card" data-item-id="${item!._id}"><img src="/uploads/content/[^"]+"`),
    );
    expect(card).toContain('<h3>Ada</h3><p>It just works.</p>');
    expect(card).toContain('Edit<span class="visually-hidden"> Ada</span>');
    expect(card).toContain('Delete<span class="visually-hidden"> Ada</span>');

    store.startEdit(item!);
    const editing = renderToStaticMarkup(createElement(ContentForm, { config: screen, store }));
    expect(editing).toContain('<h2 class="panel-title">Update Testimonial</h2>');
    expect(editing).toContain('<p class="field-hint">Editing: Ada</p>');

    expect(
      await store.save({ id: item!._id, fields: { author: 'Ada L.', quote: 'It just works.' }, file: null }),
    ).toEqual({ ok: true });
    await until(store.$list, (list) => list.items[0]?.author === 'Ada L.');

    // The server checks the family's own rules too.
    const refused = await store.save({ id: null, fields: { author: '', quote: 'Anonymous' }, file: null });
    expect(refused).toEqual({ ok: false, fieldErrors: { author: 'Who said it?' } });

    expect(await store.remove(item!._id)).toBe(true);
    expect(store.$notice.get()).toEqual({ kind: 'success', text: 'Testimonial deleted' });
    await until(store.$list, (list) => list.items.length === 0);
  });
});
