import type { Config } from '@netlify/functions';
import { previewPageHandler } from '../../src/server/handlers/preview-page-handler.ts';
import { netlifyFunction } from '../../src/server/http/netlify-function.ts';

export default netlifyFunction(previewPageHandler);

// Shared previews of drafts are answered live and never cached (docs/decisions.md §i24-preview).
export const config: Config = { path: ['/preview/*'] };
