/**
 * Articles as pages show them: order, author line, reading time, tags and dates; and their structured
 * data checked against schema.org (every type known, every property one its type or a parent defines) with what
 * Google's Article rich result reads (headline, image, datePublished, dateModified, author).
 */
import { describe, expect, it } from 'vitest';
import {
  articleJsonLd,
  breadcrumbJsonLd,
  readingMinutes,
  shownArticles,
  tagOf,
  tagsOf,
  type Article,
} from './articles.ts';
import { newestOf, sitemapXml } from './sitemap.ts';

const THING = ['@context', '@type', 'name', 'description', 'url', 'image', 'mainEntityOfPage'];
const SCHEMA: Record<string, { parent?: string; properties: string[] }> = {
  Thing: { properties: THING },
  CreativeWork: {
    parent: 'Thing',
    properties: [
      'author',
      'publisher',
      'datePublished',
      'dateModified',
      'headline',
      'keywords',
      'timeRequired',
    ],
  },
  Article: { parent: 'CreativeWork', properties: ['articleBody', 'wordCount'] },
  Person: { parent: 'Thing', properties: ['jobTitle'] },
  Organization: { parent: 'Thing', properties: ['logo'] },
  ImageObject: { parent: 'Thing', properties: [] },
  BreadcrumbList: { parent: 'Thing', properties: ['itemListElement'] },
  ListItem: { parent: 'Thing', properties: ['position', 'item'] },
};
const propertiesOf = (type: string): string[] => {
  const entry = SCHEMA[type];
  return entry ? [...entry.properties, ...(entry.parent ? propertiesOf(entry.parent) : [])] : [];
};
function problems(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((entry, index) => problems(entry, `${path}[${index}]`));
  if (typeof value !== 'object' || value === null) return [];
  const record = value as Record<string, unknown>;
  const type = record['@type'];
  const found: string[] = [];
  if (typeof type !== 'string' || !SCHEMA[type]) found.push(`${path}: unknown type ${String(type)}`);
  else
    for (const key of Object.keys(record))
      if (!propertiesOf(type).includes(key)) found.push(`${path}: ${type} has no property ${key}`);
  for (const [key, child] of Object.entries(record)) found.push(...problems(child, `${path}.${key}`));
  return found;
}

const article = (fields: Partial<Article> & { _id: string }): Article => ({
  title: 'An article',
  slug: 'an-article',
  summary: 'What it says.',
  body: 'word '.repeat(450),
  ...fields,
});
const trainers = [{ _id: 't1', name: 'Priya Verma', role: 'Lead trainer' }];

describe('shownArticles', () => {
  const shown = shownArticles(
    [
      article({
        _id: 'a',
        title: 'Old',
        publishedOn: '2026-01-05T04:30:00.000Z',
        author: 't1',
        tags: ['CTF'],
      }),
      article({
        _id: 'b',
        title: 'New',
        authorName: 'DeltaSecure team',
        tags: ['Web security', 'web  security'],
      }),
    ],
    [
      {
        _id: 'a',
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-02-01T00:00:00.000Z',
        slugHistory: ['old'],
      },
      { _id: 'b', createdAt: '2026-03-01T00:00:00.000Z', updatedAt: '2026-03-01T00:00:00.000Z' },
    ],
    trainers,
  );

  it('lists newest first by first-published time, falling back to when it was created', () => {
    expect(shown.map((entry) => [entry.title, entry.published])).toEqual([
      ['New', '2026-03-01T00:00:00.000Z'],
      ['Old', '2026-01-05T04:30:00.000Z'],
    ]);
    expect(shown[1]!.updated).toBe('2026-02-01T00:00:00.000Z');
    expect(shown[1]!.slugHistory).toEqual(['old']);
  });

  it('names a trainer author with their role, else the staff name', () => {
    expect([shown[1]!.authorLabel, shown[1]!.authorRole]).toEqual(['Priya Verma', 'Lead trainer']);
    expect([shown[0]!.authorLabel, shown[0]!.authorRole]).toEqual(['DeltaSecure team', null]);
  });

  it('gives tags an address each, one per address', () => {
    expect(shown[0]!.tagList).toEqual([{ name: 'Web security', slug: 'web-security' }]);
    expect(tagsOf(shown).map((entry) => [entry.tag.slug, entry.articles.map((a) => a.title)])).toEqual([
      ['ctf', ['Old']],
      ['web-security', ['New']],
    ]);
    expect(tagOf('C++ & Rust').slug).toBe('c-rust');
  });
});

describe('readingMinutes', () => {
  it('counts words at 200 a minute, at least one, ignoring markup and picture addresses', () => {
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes('word '.repeat(200))).toBe(1);
    expect(readingMinutes('word '.repeat(201))).toBe(2);
    expect(
      readingMinutes(`## Title\n\n${'**word** '.repeat(400)}\n\n![alt](/uploads/x/${'a'.repeat(32)}.webp)`),
    ).toBe(3);
  });
});

describe('structured data', () => {
  const [shown] = shownArticles(
    [article({ _id: 'a', author: 't1', tags: ['VAPT'], publishedOn: '2026-01-05T04:30:00.000Z' })],
    [{ _id: 'a', updatedAt: '2026-02-01T00:00:00.000Z' }],
    trainers,
  );
  const ld = articleJsonLd(
    shown!,
    'https://delta.example/articles/an-article',
    'https://delta.example/s.png',
    {
      name: 'DeltaSecure',
      url: 'https://delta.example/',
      logo: 'https://delta.example/logo.svg',
    },
  );

  it('is a schema.org Article with what Google reads', () => {
    expect(problems(ld)).toEqual([]);
    expect(ld).toMatchObject({
      headline: 'An article',
      image: ['https://delta.example/s.png'],
      datePublished: '2026-01-05T04:30:00.000Z',
      dateModified: '2026-02-01T00:00:00.000Z',
      author: { '@type': 'Person', name: 'Priya Verma' },
      keywords: 'VAPT',
      timeRequired: 'PT3M',
    });
  });

  it('has a BreadcrumbList of the trail', () => {
    const crumbs = breadcrumbJsonLd([
      { name: 'Home', url: 'https://delta.example/' },
      { name: 'Articles', url: 'https://delta.example/articles' },
    ]);
    expect(problems(crumbs)).toEqual([]);
    expect(crumbs.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://delta.example/' },
      { '@type': 'ListItem', position: 2, name: 'Articles', item: 'https://delta.example/articles' },
    ]);
  });
});

describe('sitemapXml', () => {
  it('lists each path once with its lastmod, escaped', () => {
    const xml = sitemapXml(
      [
        { path: '/', lastmod: '2026-02-01T00:00:00.000Z' },
        { path: '/articles/tag/c%26', lastmod: '2026-01-01T00:00:00.000Z' },
        { path: '/', lastmod: '2020-01-01T00:00:00.000Z' },
      ],
      new URL('https://delta.example'),
    );
    expect(xml.match(/<url>/g)).toHaveLength(2);
    expect(xml).toContain(
      '<url><loc>https://delta.example/</loc><lastmod>2026-02-01T00:00:00.000Z</lastmod></url>',
    );
    expect(newestOf(['', '2026-01-01', '2026-03-01', undefined], 'x')).toBe('2026-03-01');
    expect(newestOf([], 'fallback')).toBe('fallback');
  });
});
