// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';

// Static output only: every public page is pre-rendered; the API lives in netlify/functions.
export default defineConfig({
  site: process.env.SITE_URL ?? 'http://localhost:8888',
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'file' },
  integrations: [react()],
  devToolbar: { enabled: false },
});
