/**
 * Articles: write-ups and explainers at /articles/{slug}, newest first by `publishedOn`, in the RSS feed.
 */
import { cataloguePicture, lines } from './common.ts';
import type { DateTimeField, MarkdownField, ReferenceField, SlugField, TextField } from '../lib/fields.ts';
import { defineContent } from './define.ts';

/** The articles screen's words; a visitor's are ARTICLES_PAGE in page-words.ts. */
export const ARTICLE = {
  heading: 'Articles',
  noun: 'Article',
  hint: 'Write-ups, explainers and guides, listed newest first at /articles, each at /articles/{slug} and in the RSS feed. The first-published date is set when you first publish, unless you give one.',
  title: 'Title',
  titleRequired: 'The title is required',
  slug: 'Address (slug)',
  summary: 'Summary',
  summaryHint: 'One or two sentences: shown in the list, the feed and link previews.',
  summaryRequired: 'The summary is required',
  body: 'Body',
  bodyHint: 'Markdown: headings, lists, links, tables, pictures (/uploads/… addresses) and ``` code blocks.',
  bodyRequired: 'The body is required',
  author: 'Author (a trainer)',
  authorName: 'Author (a staff name, when not a trainer)',
  authorRequired: "Pick a trainer, or type the author's name",
  tags: 'Tags',
  course: 'Related course',
  service: 'Related service',
  publishedOn: 'First published',
  publishedOnHint: 'Set when you first publish, unless you give one.',
  confirmDelete: 'Delete this article?',
  messages: {
    added: 'Article added',
    updated: 'Article updated',
    deleted: 'Article deleted',
    empty: 'No articles yet',
    fetchFailed: 'Failed to fetch articles',
    addFailed: 'Failed to add the article',
    updateFailed: 'Failed to update the article',
    deleteFailed: 'Failed to delete the article',
    imageFailed: 'That picture could not be read',
  },
} as const;
export const family = defineContent({
  key: 'article',
  // A staff name when the author is not a trainer of the catalogue.
  requireOneOf: [{ fields: ['author', 'authorName'], message: ARTICLE.authorRequired }],
  // The first-published date: the server sets it on the first write that leaves the article published.
  stampOnPublish: 'publishedOn',
  fields: [
    // The cover: in the courses' folder, as a folder of its own costs /contact's islands bytes (case studies' note).
    cataloguePicture('courses'),
    {
      name: 'title',
      kind: 'text',
      label: ARTICLE.title,
      max: 160,
      required: ARTICLE.titleRequired,
    } as const satisfies TextField,
    {
      name: 'slug',
      kind: 'slug',
      label: ARTICLE.slug,
      from: 'title',
      max: 80,
    } as const satisfies SlugField,
    {
      name: 'summary',
      kind: 'textarea',
      label: ARTICLE.summary,
      hint: ARTICLE.summaryHint,
      max: 400,
      required: ARTICLE.summaryRequired,
    } as const satisfies TextField,
    {
      name: 'body',
      kind: 'markdown',
      label: ARTICLE.body,
      hint: ARTICLE.bodyHint,
      max: 60_000,
      required: ARTICLE.bodyRequired,
    } as const satisfies MarkdownField,
    {
      name: 'author',
      kind: 'reference',
      label: ARTICLE.author,
      to: 'trainer',
      required: null,
    } as const satisfies ReferenceField,
    {
      name: 'authorName',
      kind: 'text',
      label: ARTICLE.authorName,
      max: 80,
      required: null,
    } as const satisfies TextField,
    lines('tags', ARTICLE.tags, 8),
    {
      name: 'course',
      kind: 'reference',
      label: ARTICLE.course,
      to: 'course',
      required: null,
    } as const satisfies ReferenceField,
    {
      name: 'service',
      kind: 'reference',
      label: ARTICLE.service,
      to: 'serviceContent',
      required: null,
    } as const satisfies ReferenceField,
    {
      name: 'publishedOn',
      kind: 'dateTime',
      label: ARTICLE.publishedOn,
      hint: ARTICLE.publishedOnHint,
      required: null,
    } as const satisfies DateTimeField,
  ],
  titleField: 'title',
  preview: { body: 'article' },
  admin: {
    route: 'articles',
    path: 'articles',
    label: ARTICLE.heading,
    group: 'tool',
    heading: ARTICLE.heading,
    noun: ARTICLE.noun,
    layout: 'list',
    listErrors: 'fixed',
    hint: ARTICLE.hint,
  },
  confirmDelete: ARTICLE.confirmDelete,
  messages: ARTICLE.messages,
});
