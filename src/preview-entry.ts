/**
 * The real page components a preview renders, compiled at build time by Vite (the delta:preview-render
 * step of astro.config.mjs) into one module the API's function loads at run time and renders with Astro's
 * Container API. Only data-free components (props in, markup out) belong here: nothing reads `astro:content`.
 */
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import ArticleBody from './components/ArticleBody.astro';
import CaseStudyBody from './components/CaseStudyBody.astro';
import CourseBody from './components/CourseBody.astro';
import type { ArticleBodyProps } from './lib/articles.ts';
import type { ShownCaseStudy } from './lib/case-studies.ts';
import type { CourseBodyProps } from './lib/catalogue.ts';

let container: Promise<AstroContainer> | null = null;
const containerOnce = () => (container ??= AstroContainer.create());

/** An article page's `<main>` content. */
export async function renderArticle(props: ArticleBodyProps): Promise<string> {
  return (await containerOnce()).renderToString(ArticleBody, { props: { ...props } });
}

/** A case study page's `<main>` content. */
export async function renderCaseStudy(study: ShownCaseStudy): Promise<string> {
  return (await containerOnce()).renderToString(CaseStudyBody, { props: { study } });
}

/** A course page's `<main>` content. */
export async function renderCourse(props: CourseBodyProps): Promise<string> {
  return (await containerOnce()).renderToString(CourseBody, { props: { ...props } });
}
