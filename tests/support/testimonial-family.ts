/**
 * A family as a newcomer adds it: this one file (in src/families/ it would be `testimonial.ts`, plus its line in
 * all.ts), its definition with its staff words and where its preview shows. tests/integration/adding-a-family.test.ts
 * adds it to the real list and checks everything the rest of the site derives from it.
 */
import { defineContent } from '../../src/families/define.ts';

export const TESTIMONIAL_WORDS = {
  heading: 'Testimonials',
  noun: 'Testimonial',
  person: 'Person',
  personRequired: 'Who said it?',
  quote: 'Quote',
  quoteRequired: 'What did they say?',
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
    imageFailed: 'That picture could not be read',
  },
} as const;

export const family = defineContent({
  key: 'testimonial',
  fields: [
    {
      name: 'person',
      kind: 'text',
      label: TESTIMONIAL_WORDS.person,
      max: 80,
      required: TESTIMONIAL_WORDS.personRequired,
    },
    {
      name: 'quote',
      kind: 'textarea',
      label: TESTIMONIAL_WORDS.quote,
      max: 600,
      required: TESTIMONIAL_WORDS.quoteRequired,
    },
    {
      name: 'image',
      kind: 'image',
      folder: 'content',
      storedAs: 'fileName',
      requiredOnCreate: false,
      browserDownscale: true,
      hint: null,
    },
  ],
  titleField: 'person',
  // Its section is on /about: the admin's Preview shows an item as a card in that page.
  preview: { page: '/about' },
  admin: {
    route: 'testimonials',
    path: 'testimonials',
    label: TESTIMONIAL_WORDS.heading,
    group: 'tool',
    heading: TESTIMONIAL_WORDS.heading,
    noun: TESTIMONIAL_WORDS.noun,
    layout: 'list',
    listErrors: 'fixed',
  },
  confirmDelete: TESTIMONIAL_WORDS.confirmDelete,
  messages: TESTIMONIAL_WORDS.messages,
});
