import { createHash } from 'node:crypto';

/**
 * The CSP source that lets one inline classic script run: Astro hashes only the scripts it bundles, so a page that
 * writes one by hand (`<script is:inline>`) adds this with `Astro.csp?.insertScriptHash`.
 */
export const inlineScriptHash = (source: string): `sha256-${string}` =>
  `sha256-${createHash('sha256').update(source).digest('base64')}`;
