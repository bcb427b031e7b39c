/**
 * Hand-written test tables (a row per screen, a page per family) checked against the registry's unions: the
 * compiler refuses `const _covered: Covers<All, Rows> = true` while a member of `All` has no row, so a new family
 * cannot go untested unnoticed (issue 20.7). The error names what is missing.
 */
export type Covers<All extends string, Rows extends string> = [Exclude<All, Rows>] extends [never]
  ? true
  : { missing: Exclude<All, Rows> };
