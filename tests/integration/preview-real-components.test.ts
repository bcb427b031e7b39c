/**
 * Previews through the site's own page components (issue 24.4, docs/decisions.md §45): the build step
 * compiles src/preview-entry.ts (a real Vite build here, into a temporary directory), and the API's preview pages
 * render an article with src/components/ArticleBody.astro through Astro's Container API: the component's markup
 * (tag links, dates, the closing call to action) that the hand-written mirror never had, its joins as the build
 * makes them (a live trainer's name), and a stored XSS payload inert; a case study with CaseStudyBody.astro,
 * keeping an anonymous client's name out; a course with CourseBody.astro, joined as the build's catalogue joins it
 * (live trainers, live batches with seats and fees, Site settings' refund policy, its verified learners' public
 * fields). Without the compiled module (before a first build) the same routes fall
 * back to the mirror. (tests/e2e/preview-real-page.spec.ts compares a preview's <main>
 * with the built page's.)
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { enrolHref, feeText } from '../../src/lib/catalogue.ts';
import { contentFamilies } from '../../src/lib/collections.ts';
import {
  ARTICLES_PAGE,
  CASE_STUDIES_PAGE,
  COURSE_FEES_DEFAULTS,
  COURSES_PAGE,
  VERIFIED_LEARNERS,
} from '../../src/lib/page-words.ts';
import { PREVIEW_PATH, PREVIEW_RENDER_PATH, type SharedPreview } from '../../src/lib/preview.ts';
import { buildRealComponents } from '../../src/server/preview/build-real-components.ts';
import { loadRealComponents } from '../../src/server/preview/real-components.ts';
import { body, startApi, type Api } from './api-harness.ts';

const articles = contentFamilies.article;
type Item = Record<string, unknown> & { _id: string };

const XSS_BODY = [
  '## Findings',
  '<script>alert(1)</script>',
  '[click](javascript:alert(2))',
  '<img src="x" onerror="alert(3)">',
  '| Part | What |\n| --- | --- |\n| Severity | CVSS |',
].join('\n\n');

let dir: string;
let moduleFile: string;
let real: Api;
let fallback: Api;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'preview-components-'));
  moduleFile = join(dir, 'preview-render.mjs');
  await buildRealComponents(process.cwd(), moduleFile);
  real = await startApi({ env: { PREVIEW_RENDER_MODULE: moduleFile } });
  fallback = await startApi({ env: { PREVIEW_RENDER_MODULE: join(dir, 'not-built.mjs') } });
}, 180_000);
afterAll(async () => {
  await real?.stop();
  await fallback?.stop();
  await rm(dir, { recursive: true, force: true });
});

async function draftArticle(api: Api, title: string, extra: Record<string, unknown> = {}): Promise<Item> {
  const response = await api.admin(articles.path, {
    method: 'POST',
    json: {
      title,
      summary: 'What the report holds.',
      body: XSS_BODY,
      authorName: 'DeltaSecure team',
      tags: ['CTF', 'Web security'],
      published: false,
      ...extra,
    },
  });
  expect(response.status, JSON.stringify(await body(response.clone()))).toBe(201);
  return (await body(response)).data as Item;
}

/** The shared link's page, opened signed out, and its `<main>`. */
async function sharedMain(api: Api, item: Item): Promise<string> {
  const shared = await api.admin(PREVIEW_PATH, {
    method: 'POST',
    json: { family: articles.key, id: item._id },
  });
  expect(shared.status).toBe(201);
  const { url } = (await body(shared)).data as SharedPreview;
  const page = await api.call(new URL(url).pathname);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('data-preview-banner');
  return /<main\b[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? html;
}

const expectInert = (html: string) => {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/href="javascript:/i);
  expect(html).not.toMatch(/<img[^>]* onerror=/i);
  expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
};

describe('an article preview', () => {
  it('is the page component: its hero, tag links, dates, scrolling table and closing call to action', async () => {
    const item = await draftArticle(real, 'Component preview <b>');
    const main = await sharedMain(real, item);
    expect(main).toContain('<h1 id="page-title">Component preview &lt;b&gt;</h1>');
    expect(main).toContain(`<a href="/articles">${ARTICLES_PAGE.title}</a>`);
    expect(main).toContain('<a href="/articles/tag/ctf">CTF</a>');
    expect(main).toContain('<a href="/articles/tag/web-security">Web security</a>');
    // Never published: dated by its creation, as the build dates such an article.
    expect(main).toContain(`<time datetime="${item.createdAt as string}">`);
    expect(main).toContain(ARTICLES_PAGE.by('DeltaSecure team'));
    expect(main).toContain('<div class="table-scroll" tabindex="0"><table>');
    expect(main).toContain('<aside class="card article-cta" aria-labelledby="article-cta-heading">');
    expect(main).toContain(ARTICLES_PAGE.contactHeading);
    expect(main).toContain(ARTICLES_PAGE.back);
    expectInert(main);
  });

  it('joins a live trainer as its author, as the build does, and leaves out one the public cannot see', async () => {
    const trainer = async (name: string, published: boolean) => {
      const response = await real.admin(contentFamilies.trainer.path, {
        method: 'POST',
        json: { name, role: 'Lead trainer', published },
      });
      expect(response.status).toBe(201);
      return ((await body(response)).data as Item)._id;
    };
    const live = await sharedMain(
      real,
      await draftArticle(real, 'By a trainer', {
        authorName: '',
        author: await trainer('Priya Verma', true),
      }),
    );
    expect(live).toContain(ARTICLES_PAGE.by('Priya Verma'));
    const hidden = await sharedMain(
      real,
      await draftArticle(real, 'By a hidden trainer', {
        authorName: '',
        author: await trainer('Hidden Trainer', false),
      }),
    );
    expect(hidden).not.toContain('Hidden Trainer');
  });

  it('ends with its related course’s next batch, joined as the catalogue joins it', async () => {
    const create = async (path: string, json: Record<string, unknown>) => {
      const response = await real.admin(path, { method: 'POST', json });
      expect(response.status, JSON.stringify(await body(response.clone()))).toBe(201);
      return ((await body(response)).data as Item)._id;
    };
    const teacher = await create(contentFamilies.trainer.path, { name: 'Asha Rao' });
    const course = await create(contentFamilies.course.path, {
      title: 'Previewed Course',
      syllabus: [{ title: 'Reconnaissance', topics: ['OSINT'] }],
      duration: '8 weeks',
      fee: 2_500_000,
      gstIncluded: true,
      trainers: [teacher],
      refundPolicy: 'Full refund up to 7 days before the start.',
    });
    const start = new Date(real.clock.now.getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
    const end = new Date(real.clock.now.getTime() + 90 * 86_400_000).toISOString().slice(0, 10);
    const batch = await create(contentFamilies.batch.path, {
      name: 'Weekend batch',
      course,
      startDate: start,
      endDate: end,
      schedule: 'Sat–Sun',
      mode: 'online',
      capacity: 20,
    });
    const main = await sharedMain(real, await draftArticle(real, 'With a course', { course }));
    expect(main).toContain(ARTICLES_PAGE.nextBatchHeading('Previewed Course'));
    expect(main).toContain(`href="${enrolHref(batch)}"`);
    expect(main).not.toContain(ARTICLES_PAGE.contactHeading);
  });

  it('of unsaved values (the admin’s Preview) is the page component too', async () => {
    const item = await draftArticle(real, 'Saved article title');
    const payload = JSON.stringify({
      family: articles.key,
      id: item._id,
      values: { title: 'Typed article title', tags: ['Typed tag'] },
    });
    const page = await real.admin(PREVIEW_RENDER_PATH, {
      method: 'POST',
      body: new URLSearchParams({ payload }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h1 id="page-title">Typed article title</h1>');
    expect(html).toContain('<a href="/articles/tag/typed-tag">Typed tag</a>');
    expect(html).not.toContain('Saved article title');
    expectInert(html);

    // Values not yet in their kind's shape (tags as one line of text) break no preview: the mirror stands in.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const odd = await real.admin(PREVIEW_RENDER_PATH, {
      method: 'POST',
      body: new URLSearchParams({
        payload: JSON.stringify({ family: articles.key, id: item._id, values: { tags: 'not a list' } }),
      }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(odd.status).toBe(200);
    const oddHtml = await odd.text();
    expect(oddHtml).toContain('Saved article title');
    expect(oddHtml).not.toContain('article-cta');
    expect(String(logged.mock.calls[0]?.[0])).toContain('the mirror stands in');
    logged.mockRestore();
  });

  it('falls back to the hand-written mirror while the components are not compiled', async () => {
    const item = await draftArticle(fallback, 'Mirror preview');
    const main = await sharedMain(fallback, item);
    expect(main).toContain('Mirror preview');
    expect(main).toContain('<li>CTF</li>');
    expect(main).not.toContain('article-cta');
    expect(main).not.toContain('/articles/tag/');
    expectInert(main);
  });
});

describe('a case study preview', () => {
  const studies = contentFamilies.caseStudy;
  const draftStudy = async (api: Api) => {
    const response = await api.admin(studies.path, {
      method: 'POST',
      json: {
        title: 'Draft study <i>',
        sector: 'Banking',
        engagement: 'vapt',
        scope: 'Internet banking.',
        outcome: 'Nine findings fixed before the audit.',
        critical: 2,
        clientName: 'Kaveri Bank',
        anonymous: true,
        published: false,
      },
    });
    expect(response.status, JSON.stringify(await body(response.clone()))).toBe(201);
    return (await body(response)).data as Item;
  };
  const open = async (api: Api, item: Item) => {
    const shared = await api.admin(PREVIEW_PATH, {
      method: 'POST',
      json: { family: studies.key, id: item._id },
    });
    const { url } = (await body(shared)).data as SharedPreview;
    return (await api.call(new URL(url).pathname)).text();
  };

  it('is the page component, without the name of a client who stays anonymous', async () => {
    const html = await open(real, await draftStudy(real));
    expect(html).toContain('<h1 id="page-title">Draft study &lt;i&gt;</h1>');
    expect(html).toContain('<li class="severity severity--critical"><strong>2</strong>');
    // The component's closing link, which the mirror never had.
    expect(html).toContain(`<a href="/case-studies">${CASE_STUDIES_PAGE.back}</a>`);
    expect(html).not.toContain('Kaveri Bank');
  });

  it('falls back to the mirror while the components are not compiled', async () => {
    const html = await open(fallback, await draftStudy(fallback));
    expect(html).toContain('Draft study &lt;i&gt;');
    expect(html).not.toContain(CASE_STUDIES_PAGE.back);
    expect(html).not.toContain('Kaveri Bank');
  });
});

describe('a course preview', () => {
  const courses = contentFamilies.course;
  const create = async (api: Api, path: string, json: Record<string, unknown>) => {
    const response = await api.admin(path, { method: 'POST', json });
    expect(response.status, JSON.stringify(await body(response.clone()))).toBe(201);
    return ((await body(response)).data as Item)._id;
  };
  /** An unpublished course with a live and a hidden trainer, a live batch, and two of its learners' testimonials. */
  const draftCourse = async (api: Api, title: string) => {
    const trainer = (name: string, published: boolean) =>
      create(api, contentFamilies.trainer.path, { name, role: 'Lead trainer', published });
    const course = await create(api, courses.path, {
      title,
      summary: 'Find the holes before others do.',
      syllabus: [{ title: 'Reconnaissance', topics: ['OSINT'] }],
      duration: '8 weeks',
      fee: 2_500_000,
      gstIncluded: true,
      trainers: [await trainer('Meera Iyer', true), await trainer('Hidden Trainer', false)],
      published: false,
    });
    const day = (days: number) =>
      new Date(api.clock.now.getTime() + days * 86_400_000).toISOString().slice(0, 10);
    const batch = await create(api, contentFamilies.batch.path, {
      name: 'Evening batch',
      course,
      startDate: day(30),
      endDate: day(90),
      schedule: 'Mon–Fri',
      mode: 'online',
      capacity: 12,
      feeOverride: 1_800_000,
    });
    const testimonial = (name: string, showName: boolean) =>
      create(api, contentFamilies.learnerTestimonial.path, {
        quote: `The labs were real, said ${showName ? 'a named' : 'an anonymous'} learner.`,
        name,
        showName,
        course: title,
        showCourse: true,
        published: true,
      });
    await testimonial('Ravi Kumar', true);
    await testimonial('Hidden Learner', false);
    return { course, batch };
  };
  const open = async (api: Api, id: string) => {
    const shared = await api.admin(PREVIEW_PATH, { method: 'POST', json: { family: courses.key, id } });
    expect(shared.status).toBe(201);
    const { url } = (await body(shared)).data as SharedPreview;
    const page = await api.call(new URL(url).pathname);
    expect(page.status).toBe(200);
    return page.text();
  };

  it('of an unpublished draft is the page component: batches with seats and fee, trainers, learners, refund policy', async () => {
    const { course, batch } = await draftCourse(real, 'Draft course <b>');
    const html = await open(real, course);
    expect(html).toContain('<h1 id="page-title">Draft course &lt;b&gt;</h1>');
    // The batches table the build joins: the live batch, its seats, its own fee and its enrol link.
    expect(html).toContain(`<tr data-batch="${batch}" data-state="open">`);
    expect(html).toContain(COURSES_PAGE.seats(12, 12));
    // No GSTIN in Site settings: the fees carry no GST words (decisions §62), as the page's would not.
    expect(html).toContain(feeText(1_800_000));
    expect(html).toContain(`href="${enrolHref(batch)}"`);
    expect(html).toContain(feeText(2_500_000));
    expect(html).not.toContain(COURSES_PAGE.gstIncluded);
    // Live trainers only, as cards.
    expect(html).toContain('<h3 class="trainer-card__name">Meera Iyer</h3>');
    expect(html).not.toContain('Hidden Trainer');
    // Its learners, each with what the learner let the public see.
    expect(html).toContain(VERIFIED_LEARNERS.courseHeading);
    expect(html).toContain('Ravi Kumar');
    expect(html).toContain('said an anonymous learner');
    expect(html).not.toContain('Hidden Learner');
    // No refund policy of its own: Site settings' one, as on the page.
    expect(html).toContain(COURSE_FEES_DEFAULTS.refundPolicy.split('\n\n')[0]);
    expect(html).toContain(COURSES_PAGE.brochure);
  });

  it('of unsaved values (the admin’s Preview) is the page component too', async () => {
    const { course } = await draftCourse(real, 'Saved course title');
    const page = await real.admin(PREVIEW_RENDER_PATH, {
      method: 'POST',
      body: new URLSearchParams({
        payload: JSON.stringify({ family: courses.key, id: course, values: { title: 'Typed course title' } }),
      }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h1 id="page-title">Typed course title</h1>');
    expect(html).toContain('Evening batch');
    expect(html).not.toContain('Saved course title');
  });

  it('falls back to the mirror (no batches, trainers or learners) while the components are not compiled', async () => {
    const { course } = await draftCourse(fallback, 'Mirror course');
    const html = await open(fallback, course);
    expect(html).toContain('Mirror course');
    expect(html).not.toContain('data-batch=');
    expect(html).not.toContain('Meera Iyer');
    expect(html).not.toContain(COURSES_PAGE.brochure);
  });
});

describe('the compiled components', () => {
  it('load from their file, once per version of it', async () => {
    const components = await loadRealComponents(moduleFile);
    expect(typeof components?.renderArticle).toBe('function');
    expect(await loadRealComponents(moduleFile)).toBe(components);
  });

  it('are absent when the file is missing or is not the compiled module', async () => {
    expect(await loadRealComponents(join(dir, 'missing.mjs'))).toBeNull();
    const other = join(dir, 'other.mjs');
    // An older module (an article renderer only) counts as none: the mirror serves until the next build.
    await writeFile(other, 'export const renderArticle = async () => "";\n');
    expect(await loadRealComponents(other)).toBeNull();
  });
});

describe('compiling them again in one process (docs/decisions.md §53)', () => {
  it('keeps the module while nothing it is made from changed, and compiles it again when something did', async () => {
    const compiled = await readFile(moduleFile);
    expect(await buildRealComponents(process.cwd(), moduleFile)).toEqual({ reused: true });
    expect(await readFile(moduleFile)).toEqual(compiled);

    // A module changed since it was written is made again, to the same bytes.
    await writeFile(moduleFile, `${compiled.toString()}\n// changed\n`);
    expect(await buildRealComponents(process.cwd(), moduleFile)).toEqual({ reused: false });
    expect(await readFile(moduleFile)).toEqual(compiled);
    expect(await buildRealComponents(process.cwd(), moduleFile)).toEqual({ reused: true });

    // So is one whose inputs changed: here the environment the configuration reads.
    vi.stubEnv('SITE_URL', 'https://elsewhere.example');
    try {
      expect(await buildRealComponents(process.cwd(), moduleFile)).toEqual({ reused: false });
    } finally {
      vi.unstubAllEnvs();
    }
  }, 180_000);
});
