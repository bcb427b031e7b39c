// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { siteConfig } from './src/lib/site-config.ts';

const mapOrigin = new URL(siteConfig.mapEmbedUrl).origin;

// Static output only: every public page is pre-rendered; the API lives in netlify/functions.
export default defineConfig({
  site: siteConfig.siteUrl,
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'file' },
  integrations: [react()],
  devToolbar: { enabled: false },
  security: {
    // Astro hashes every script and style it bundles into a per-page <meta> CSP: no 'unsafe-inline' scripts.
    // frame-ancestors cannot live in a meta CSP; netlify.toml sends it with the other security headers.
    csp: {
      directives: [
        "default-src 'self'",
        // Stored image values may be full http(s) URLs (spec: "a value starting with http is used as is").
        "img-src 'self' data: https:",
        "connect-src 'self'",
        "font-src 'self'",
        `frame-src ${mapOrigin}`,
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "manifest-src 'self'",
      ],
    },
  },
});
