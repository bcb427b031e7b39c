/**
 * How each family's item looks in a preview: the body of the public page it will appear on, with the
 * same markup, classes and words as that page's template, so the site's own stylesheet lays it out as it will be.
 * A family with a page of its own (course, case study; articles plug in their entry here) gets that page's body;
 * any other content family shows as the item's section would (its fields, in the family's order). The page
 * around it (head, navbar, footer, styles) is the deployed page's own HTML (preview-page.ts).
 *
 * A family whose page body is a data-free component (article, case study and course: src/components/ArticleBody.astro,
 * CaseStudyBody.astro and CourseBody.astro) previews through that very component when the build has compiled it
 * (real-components.ts, `renderRealPreview`); the templates here mirror the .astro pages by hand, as the fallback of
 * those three until a build has run (docs/decisions.md §36 and §45).
 */
import {
  ARTICLES_PATH,
  articleBodyHtml,
  readingMinutes,
  shownArticles,
  type Article,
  type ArticleBodyProps,
} from '../../lib/articles.ts';
import {
  CASE_STUDIES_PATH,
  clientLine,
  engagementLabel,
  findingsOf,
  type ShownCaseStudy,
} from '../../lib/case-studies.ts';
import {
  catalogue,
  feeText,
  refundPolicyOf,
  testimonialsOf,
  type CatalogueBatch,
  type CatalogueCourse,
  type CatalogueTrainer,
  type CourseBodyProps,
  type ShownCourse,
  type ShownTestimonial,
} from '../../lib/catalogue.ts';
import { availabilityFromCounts } from '../../lib/batches.ts';
import { seatsHeldIn } from '../seats/batch-seats.ts';
import { contentFamilies, type ContentFamily } from '../../lib/collections.ts';
import type { PageBody } from '../../families/define.ts';
import { byPosition, fieldText, publicView, type Field } from '../../lib/fields.ts';
import { resolveImageUrl } from '../../lib/image-url.ts';
import { HERO_IMAGE, heroSrcSet } from '../../lib/hero-image.ts';
import { utcToIstDay } from '../../lib/ist.ts';
import { renderMarkdown } from '../../lib/markdown.ts';
import { BREADCRUMB_HOME } from '../../lib/public-copy.ts';
import { isLiveAt } from '../../lib/schedule.ts';
import { ARTICLES_PAGE, CASE_STUDIES_PAGE, COURSES_PAGE } from '../../lib/page-words.ts';
import { resolveSettings, type SiteSettings } from '../../lib/site-settings.ts';
import { escapeHtml as e } from '../../lib/html.ts';
import type { Deps } from '../deps.ts';
import { SINGLETON_ID } from '../repository/keys.ts';
import { loadRealComponents, type RealComponents } from './real-components.ts';

type Item = Readonly<Record<string, unknown>>;

export interface PreviewRenderer {
  /** The public page whose shell (navbar, footer, styles) the preview is shown in. */
  shellPath: string;
  /** The page's title and the HTML inside its `<main>`, for the item as the public would get it. */
  render(family: ContentFamily, item: Item): { title: string; body: string };
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
/** src/components/Hero.astro. */
const hero = (title: string) => `<section class="hero" aria-labelledby="page-title">
<img class="hero__photo" src="${e(HERO_IMAGE.file(1280))}" srcset="${e(heroSrcSet)}" sizes="100vw" width="${HERO_IMAGE.width}" height="${HERO_IMAGE.height}" alt="" decoding="async">
<div class="hero__text"><h1 id="page-title">${e(title)}</h1><nav class="breadcrumb" aria-label="Breadcrumb"><ol>
<li><a href="/">${e(BREADCRUMB_HOME)}</a></li><li><span aria-current="page">${e(title)}</span></li></ol></nav></div></section>`;

/** The fallback mirror of src/components/CaseStudyBody.astro (used only while the compiled components are missing). */
const caseStudy: PreviewRenderer = {
  shellPath: CASE_STUDIES_PATH,
  render(family, item) {
    const study = item as Parameters<typeof clientLine>[0] & Item;
    const client = clientLine(study);
    const image = str(item.image);
    const quote = str(item.quote);
    const findings = findingsOf(item as Parameters<typeof findingsOf>[0])
      .map(
        (f) => `<li class="severity severity--${f.severity}"><strong>${f.count}</strong> ${e(f.label)}</li>`,
      )
      .join('');
    const body = `${hero(str(item.title))}<article class="section case-study-page"><div class="container prose">
${image ? `<img src="${e(resolveImageUrl(image, family.image?.folder ?? 'services'))}" alt="${e(str(item.alt).trim() || CASE_STUDIES_PAGE.logoAlt(client))}" class="case-study-page__logo">` : ''}
<dl class="course-facts"><div><dt>${e(CASE_STUDIES_PAGE.client)}</dt><dd>${e(client)}</dd></div>
<div><dt>${e(CASE_STUDIES_PAGE.sector)}</dt><dd>${e(str(item.sector))}</dd></div>
<div><dt>${e(CASE_STUDIES_PAGE.engagement)}</dt><dd>${e(engagementLabel(str(item.engagement)))}</dd></div></dl>
<section aria-labelledby="case-scope"><h2 id="case-scope">${e(CASE_STUDIES_PAGE.scope)}</h2><p class="pre-line">${e(str(item.scope))}</p></section>
<section aria-labelledby="case-findings"><h2 id="case-findings">${e(CASE_STUDIES_PAGE.findings)}</h2><ul class="case-study-findings plain-list">${findings}</ul></section>
<section aria-labelledby="case-outcome"><h2 id="case-outcome">${e(CASE_STUDIES_PAGE.outcome)}</h2><p class="pre-line">${e(str(item.outcome))}</p></section>
${quote ? `<section aria-labelledby="case-quote"><h2 id="case-quote">${e(CASE_STUDIES_PAGE.quote)}</h2><blockquote class="case-study-quote"><p>${e(quote)}</p>${str(item.quoteBy) ? `<footer><cite>${e(str(item.quoteBy))}</cite></footer>` : ''}</blockquote></section>` : ''}
</div></article>`;
    return { title: str(item.title), body };
  },
};

/**
 * The fallback mirror of src/components/CourseBody.astro (used only while the compiled components are missing):
 * summary, facts, description, syllabus, outcomes, FAQ and fee. The batches, trainers and learners it joins are
 * left to the published page.
 */
const course: PreviewRenderer = {
  shellPath: '/courses',
  render(_family, item) {
    // The GST words depend on Site settings' GSTIN (src/lib/gst.ts), which this stand-in does not read: it shows
    // the fee alone rather than words that may be untrue.
    const fee = typeof item.fee === 'number' ? feeText(item.fee) : '';
    const level = COURSES_PAGE.levels[str(item.level) as keyof typeof COURSES_PAGE.levels] ?? str(item.level);
    const fact = (term: string, value: string) =>
      value ? `<div><dt>${e(term)}</dt><dd>${e(value)}</dd></div>` : '';
    const syllabus = list(item.syllabus)
      .map((module) => {
        const m = module as Item;
        const topics = list(m.topics)
          .map((topic) => `<li>${e(str(topic))}</li>`)
          .join('');
        return `<li><h3>${e(str(m.title))}</h3>${topics ? `<ul>${topics}</ul>` : ''}</li>`;
      })
      .join('');
    const outcomes = list(item.outcomes)
      .map((outcome) => `<li>${e(str(outcome))}</li>`)
      .join('');
    const faq = list(item.faq)
      .map(
        (entry) => `<dt>${e(str((entry as Item).question))}</dt><dd>${e(str((entry as Item).answer))}</dd>`,
      )
      .join('');
    const refund = str(item.refundPolicy).trim();
    const body = `${hero(str(item.title))}<article class="section course-page"><div class="container prose">
<section aria-labelledby="course-summary"><h2 id="course-summary">${e(COURSES_PAGE.summary)}</h2>
${str(item.summary) ? `<p class="lead">${e(str(item.summary))}</p>` : ''}
<dl class="course-facts">${fact(COURSES_PAGE.duration, str(item.duration))}${fact(COURSES_PAGE.level, level)}${fact(COURSES_PAGE.fee, fee)}</dl>
${str(item.description) ? `<div>${renderMarkdown(str(item.description))}</div>` : ''}
${str(item.prerequisites) ? `<h3>${e(COURSES_PAGE.prerequisites)}</h3><p>${e(str(item.prerequisites))}</p>` : ''}</section>
${syllabus ? `<section aria-labelledby="course-syllabus"><h2 id="course-syllabus">${e(COURSES_PAGE.syllabus)}</h2><ol class="syllabus">${syllabus}</ol></section>` : ''}
${outcomes ? `<section aria-labelledby="course-outcomes"><h2 id="course-outcomes">${e(COURSES_PAGE.outcomes)}</h2><ul>${outcomes}</ul></section>` : ''}
${faq ? `<section aria-labelledby="course-faq"><h2 id="course-faq">${e(COURSES_PAGE.faq)}</h2><dl class="faq">${faq}</dl></section>` : ''}
<section aria-labelledby="course-fee"><h2 id="course-fee">${e(COURSES_PAGE.feeHeading)}</h2>${fee ? `<p>${e(COURSES_PAGE.fee)}: ${e(fee)}</p>` : ''}
${refund ? `<h3>${e(COURSES_PAGE.refundPolicy)}</h3><div>${renderMarkdown(refund)}</div>` : ''}</section>
</div></article>`;
    return { title: str(item.title), body };
  },
};

/**
 * The fallback mirror of src/components/ArticleBody.astro (used only while the compiled components are missing):
 * cover, summary, author, reading time, tags and the body. Code is shown uncoloured (Shiki runs only in the build)
 * and the closing call to action is left to the published page.
 */
const article: PreviewRenderer = {
  shellPath: ARTICLES_PATH,
  render(family, item) {
    const title = str(item.title);
    const image = str(item.image);
    const author = str(item.authorName);
    const tags = list(item.tags)
      .map((tag) => `<li>${e(str(tag))}</li>`)
      .join('');
    const meta = [
      author ? ARTICLES_PAGE.by(author) : '',
      ARTICLES_PAGE.readingTime(readingMinutes(str(item.body))),
    ]
      .filter(Boolean)
      .join(' · ');
    const body = `${hero(title)}<article class="section article-page"><div class="container prose">
${image ? `<img src="${e(resolveImageUrl(image, family.image?.folder ?? 'courses'))}" alt="${e(str(item.alt).trim() || ARTICLES_PAGE.coverAlt(title))}" class="article-page__cover">` : ''}
<p class="lead">${e(str(item.summary))}</p><p class="article-meta">${e(meta)}</p>
${tags ? `<ul class="tag-list" aria-label="${e(ARTICLES_PAGE.tags)}">${tags}</ul>` : ''}
<div class="article-body">${renderMarkdown(str(item.body))}</div>
</div></article>`;
    return { title, body };
  },
};

/** A field as its section shows it: markdown rendered (safely), points and lines as lists, the rest as text. */
function fieldHtml(field: Field, value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  if (field.kind === 'image') return '';
  if (field.kind === 'markdown') return `<div>${renderMarkdown(str(value))}</div>`;
  if (field.kind === 'points' || field.kind === 'lines')
    return `<ul>${list(value)
      .map((entry) => `<li>${e(str(entry))}</li>`)
      .join('')}</ul>`;
  if (field.kind === 'textarea' || field.kind === 'text') return `<p class="pre-line">${e(str(value))}</p>`;
  // Unsaved values may not have their kind's shape yet (the admin's Preview): shown as nothing rather than failing.
  let text: string;
  try {
    text = fieldText(field, value);
  } catch {
    return '';
  }
  return text ? `<p><strong>${e(field.label)}:</strong> ${e(text)}</p>` : '';
}

/** Any other family: the item as its section's card, its fields in the family's order. */
export function sectionRenderer(shellPath: string): PreviewRenderer {
  return {
    shellPath,
    render(family, item) {
      const title = str(item[family.titleField]);
      const image = family.image && str(item.image);
      const fields = family.fields
        .filter((field) => field.name !== family.titleField)
        .map((field) => fieldHtml(field, item[field.name]))
        .join('\n');
      const body = `${hero(title)}<section class="section"><div class="container prose"><article class="card">
${image ? `<img src="${e(resolveImageUrl(image, family.image!.folder))}" alt="${e(str(item.alt))}">` : ''}
<h2>${e(title)}</h2>
${fields}</article></div></section>`;
      return { title, body };
    },
  };
}

/** The public pages with a body of their own (a family names one as its `preview.body`). */
export const PAGE_BODY_RENDERERS = {
  article,
  caseStudy,
  course,
} as const satisfies Record<PageBody, PreviewRenderer>;

/** A family's renderer: its page body's, or its section's card in the shell of the page its definition names. */
export const rendererOf = (family: ContentFamily): PreviewRenderer =>
  'body' in family.preview ? PAGE_BODY_RENDERERS[family.preview.body] : sectionRenderer(family.preview.page);

/** What the public would get of the item (private fields, such as an anonymous client's name, left out). */
export const renderPreview = (family: ContentFamily, item: Item) =>
  rendererOf(family).render(family, publicView(family.fields, item as Record<string, unknown>));

/** Reads an item the page joins (an article's trainer, its service); null when there is none. */
export type ItemLookup = (collection: string, id: string) => Promise<Item | null>;

export interface RealPreviewContext {
  /** The compiled page components, or null (not built yet): then the mirror above renders. */
  components: RealComponents | null;
  lookup: ItemLookup;
  /** A course as the build's catalogue shows it (its next bookable batch), null when the public cannot see it. */
  course: (id: string) => Promise<ShownCourse | null>;
  /** A course item (maybe a draft) joined as the build's catalogue joins it: its trainers, its batches and seats. */
  showCourse: (course: Item) => Promise<ShownCourse>;
  /** The items of a family the public sees now, in the admin's order, as the build's loaders give them. */
  published: (collection: string) => Promise<Item[]>;
  /** Site settings as the build reads them (the stored ones over the seed). */
  settings: () => Promise<SiteSettings>;
  /** The first-published date an item never published yet would get (the preview shows it as if published now). */
  now: Date;
}

/** A joined item when the public sees it now (as the build's loaders read it), else nothing. */
const liveOrNull = async (lookup: ItemLookup, collection: string, id: unknown, now: Date) => {
  const item = typeof id === 'string' && id ? await lookup(collection, id) : null;
  return item && isLiveAt(item, now.getTime()) ? item : null;
};

/**
 * An article's page props from its item, joined as the page joins them at build time (its trainer's name, its
 * dates, reading time and tags by shownArticles; its service; its course's next batch by the catalogue).
 */
async function articleProps(item: Item, context: RealPreviewContext): Promise<ArticleBodyProps> {
  const { lookup, now } = context;
  const trainer = await liveOrNull(lookup, 'trainer', item.author, now);
  const service = await liveOrNull(lookup, 'serviceContent', item.service, now);
  const course = str(item.course) ? await context.course(str(item.course)) : null;
  const stored = {
    _id: str(item._id),
    createdAt: str(item.createdAt) || now.toISOString(),
    updatedAt: str(item.updatedAt) || now.toISOString(),
    slugHistory: list(item.slugHistory).map(str),
  };
  const trainers = trainer
    ? [{ _id: str(trainer._id), name: str(trainer.name), role: str(trainer.role) }]
    : [];
  const [article] = shownArticles([{ ...item, _id: stored._id } as unknown as Article], [stored], trainers);
  return {
    article: article!,
    body: articleBodyHtml(str(item.body)),
    ...(service ? { service: { title: str(service.title) } } : {}),
    ...(course ? { course } : {}),
  };
}

/**
 * A course page's props from its item, as src/pages/courses/[slug].astro gives them: the catalogue's join (live
 * trainers and batches, seats counted from the enrolments), the refund policy falling back to Site settings', the
 * WhatsApp number, today in IST and the course's verified learners.
 */
async function courseProps(item: Item, context: RealPreviewContext): Promise<CourseBodyProps> {
  const [course, settings, testimonials] = await Promise.all([
    context.showCourse(item),
    context.settings(),
    context.published('learnerTestimonial'),
  ]);
  return {
    course,
    refundPolicy: refundPolicyOf(course, settings),
    whatsappNumber: settings.whatsappNumber,
    today: utcToIstDay(context.now.toISOString()),
    gstin: settings.gstin,
    testimonials: testimonialsOf(testimonials as unknown as ShownTestimonial[], course.title),
  };
}

/**
 * The preview through the page's own component when the family has one and it is compiled; otherwise (another
 * family, or no compiled components) the mirror of renderPreview. `real` says which rendered it.
 */
export async function renderRealPreview(
  family: ContentFamily,
  item: Item,
  context: RealPreviewContext,
): Promise<{ title: string; body: string; real: boolean }> {
  const shown = publicView(family.fields, item as Record<string, unknown>);
  const components = context.components;
  const pageBody = 'body' in family.preview ? family.preview.body : null;
  try {
    if (pageBody === 'article' && components) {
      const props = await articleProps(shown, context);
      return { title: props.article.title, body: await components.renderArticle(props), real: true };
    }
    if (pageBody === 'caseStudy' && components) {
      // As src/case-study-data.ts gives it to the page; publicView has left out what the study keeps private.
      const study = { ...shown, slug: str(shown.slug), slugHistory: list(shown.slugHistory).map(str) };
      const body = await components.renderCaseStudy(study as unknown as ShownCaseStudy);
      return { title: str(shown.title), body, real: true };
    }
    if (pageBody === 'course' && components?.renderCourse) {
      const props = await courseProps(shown, context);
      return { title: props.course.title, body: await components.renderCourse(props), real: true };
    }
  } catch (error) {
    // Unsaved values (the admin's Preview) may not have their kind's shape yet, which a page never meets: the
    // mirror, which reads every value defensively, shows them rather than the preview failing.
    console.error(`preview: the ${family.key} component failed, the mirror stands in`, error);
  }
  return { ...rendererOf(family).render(family, shown), real: false };
}

/** The context a request's preview renders in: the compiled components if built, the store, the clock. */
export const realPreviewContext = async (deps: Deps): Promise<RealPreviewContext> => {
  const now = deps.now();
  // As the build's content loaders give a family to the pages: the items live now, their public fields, in order.
  const published = async (collection: string) => {
    const fields = contentFamilies[collection as keyof typeof contentFamilies]?.fields ?? [];
    return (await deps.repository.list(collection))
      .filter((item) => isLiveAt(item, now.getTime()))
      .map((item) => publicView(fields, item as Record<string, unknown>))
      .sort(byPosition);
  };
  // As src/catalogue-data.ts and the page's seats give it to the page: live trainers and batches, seats from
  // each batch's seat account.
  const showCourse = async (course: Item): Promise<ShownCourse> => {
    const [trainers, batches] = await Promise.all([published('trainer'), deps.repository.list('batch')]);
    const live = batches.filter((batch) => isLiveAt(batch, now.getTime()));
    const taken = new Map(
      await Promise.all(live.map(async (batch) => [batch._id, await seatsHeldIn(deps, batch._id)] as const)),
    );
    const shown = { ...course, slug: str(course.slug), slugHistory: list(course.slugHistory).map(str) };
    const [withBatches] = catalogue(
      [shown as unknown as CatalogueCourse],
      trainers as unknown as CatalogueTrainer[],
      live as unknown as CatalogueBatch[],
      availabilityFromCounts(live, (id) => taken.get(id) ?? 0, now),
    );
    return withBatches!;
  };
  return {
    components: await loadRealComponents(deps.env.PREVIEW_RENDER_MODULE),
    lookup: (collection, id) => deps.repository.get(collection, id),
    async course(id) {
      const course = await deps.repository.get('course', id);
      return course && isLiveAt(course, now.getTime()) ? showCourse(course) : null;
    },
    showCourse,
    published,
    settings: async () => resolveSettings(await deps.repository.get('siteSettings', SINGLETON_ID)),
    now,
  };
};
