/**
 * Case studies as the pages show them: their addresses, the client's line and the findings by
 * severity. Pure, so it is tested without a build; the items reach it through publicView (src/lib/fields.ts), so an
 * anonymous client's name and attribution are already gone.
 */
import { contentFamilies } from './collections.ts';
import { fieldsOfKind } from './fields.ts';
import type { PublicItem } from './public-items.ts';
import { CASE_STUDIES_PAGE } from './page-words.ts';

export const CASE_STUDIES_PATH = '/case-studies';
export const caseStudyPath = (slug: string) => `${CASE_STUDIES_PATH}/${slug}`;

export type CaseStudy = PublicItem<'caseStudy'>;
/** A case study with the earlier slugs its old addresses redirect from. */
export type ShownCaseStudy = CaseStudy & { slug: string; slugHistory: readonly string[] };

export const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** The four counts, none meaning 0. */
export const findingsOf = (study: Partial<Record<Severity, number | null | undefined>>) =>
  SEVERITIES.map((severity) => ({
    severity,
    label: CASE_STUDIES_PAGE.severities[severity],
    count: study[severity] ?? 0,
  }));

/** Who the client was, as a visitor reads it: the name, or only the sector while the client stays anonymous. */
export const clientLine = (study: Pick<CaseStudy, 'anonymous' | 'clientName' | 'sector'>): string =>
  study.anonymous === true || !study.clientName
    ? CASE_STUDIES_PAGE.anonymousClient(study.sector)
    : study.clientName;

/** The kinds of engagement, as the family definition names them (its one select field). */
const ENGAGEMENTS = fieldsOfKind(contentFamilies.caseStudy.fields, 'select')[0]?.options ?? [];

/** The engagement's label, as the family definition names it; a value it no longer lists shows as stored. */
export const engagementLabel = (value: string | undefined): string =>
  ENGAGEMENTS.find((option) => option.value === value)?.label ?? value ?? '';
