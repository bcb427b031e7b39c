/**
 * An article's body as its page shows it, rendered at build time: src/lib/markdown.ts (raw HTML shown as
 * text, only web, mail and site links) with fenced code highlighted by Shiki. Build-side only (pages import it in
 * their frontmatter), so Shiki never reaches a browser bundle; the admin's preview renders the same markdown
 * without colours.
 *
 * Colours are classes, not Shiki's inline `style` attributes: the pages' CSP allows only the stylesheets Astro
 * hashes, so inline styles would be dropped. Each colour of the theme has its class in src/styles/public.css
 * (`.tk-{hex}`; article-body.test.ts checks that every colour the theme can give has one).
 */
import { bundledLanguages, createHighlighter, type BundledLanguage, type HighlighterGeneric } from 'shiki';
import { articleBodyHtml } from './lib/articles.ts';
import type { Highlight } from './lib/markdown.ts';
import { processMemo } from './server/process-memo.ts';

/** GitHub's light high-contrast theme: every token colour is at least 4.5:1 on the white code background. */
export const CODE_THEME = 'github-light-high-contrast';

/**
 * One highlighter per process, not per copy of this module: the local runner's warm build worker bundles this
 * module afresh for every build, and a fresh highlighter compiled its grammars' expressions again (~0.5 CPU-s per
 * rebuild, docs/decisions.md §53). Highlighting is a pure function of the code, the language and the
 * theme, so a highlighter that has served earlier builds colours a block exactly as a new one would.
 */
const highlighters = processMemo<Promise<HighlighterGeneric<BundledLanguage, typeof CODE_THEME>>>(
  'shiki-highlighters',
  4,
);
const shiki = () =>
  highlighters.get(CODE_THEME, () => createHighlighter({ themes: [CODE_THEME], langs: [] }));

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const isBundled = (lang: string): lang is BundledLanguage => Object.hasOwn(bundledLanguages, lang);

/** The languages the body's fenced blocks name (```lang), as Shiki knows them. */
export function codeLanguages(source: string): BundledLanguage[] {
  const names = [...source.matchAll(/^ {0,3}(?:`{3,}|~{3,})[ \t]*([\w#+.-]+)/gm)].map((match) =>
    (match[1] ?? '').toLowerCase(),
  );
  return [...new Set(names)].filter(isBundled);
}

/** The CSS class of a token colour: `#6A737D` → `tk-6a737d`. */
export const colourClass = (colour: string) => `tk-${colour.replace('#', '').toLowerCase()}`;

/** Shiki's font style bits (italic 1, bold 2, underline 4) as classes. */
const styleClasses = (fontStyle: number | undefined) =>
  [
    fontStyle && fontStyle & 1 ? 'tk-i' : '',
    fontStyle && fontStyle & 2 ? 'tk-b' : '',
    fontStyle && fontStyle & 4 ? 'tk-u' : '',
  ]
    .filter(Boolean)
    .join(' ');

/** A markdown source as safe HTML, its code blocks coloured. */
export async function renderArticleBody(source: string): Promise<string> {
  const languages = codeLanguages(source);
  const loaded = await shiki();
  await loaded.loadLanguage(...languages);
  const highlight: Highlight = (code, lang) => {
    if (!isBundled(lang) || !languages.includes(lang)) return null;
    const { tokens } = loaded.codeToTokens(code, { lang, theme: CODE_THEME });
    const lines = tokens.map((line) =>
      line
        .map((token) => {
          const classes = [token.color ? colourClass(token.color) : '', styleClasses(token.fontStyle)]
            .filter(Boolean)
            .join(' ');
          return classes
            ? `<span class="${classes}">${escapeHtml(token.content)}</span>`
            : escapeHtml(token.content);
        })
        .join(''),
    );
    return `<code class="shiki" data-lang="${escapeHtml(lang)}">${lines.join('\n')}</code>`;
  };
  return articleBodyHtml(source, highlight);
}

/** Every foreground colour the theme can give a token (for the stylesheet's classes). */
export async function themeColours(): Promise<string[]> {
  const theme = (await shiki()).getTheme(CODE_THEME);
  const colours = new Set<string>([theme.fg.toLowerCase()]);
  for (const rule of theme.settings)
    if (rule.settings.foreground) colours.add(rule.settings.foreground.toLowerCase());
  return [...colours].sort();
}
