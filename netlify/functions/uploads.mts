import type { Config } from '@netlify/functions';
import { uploadsHandler } from '../../src/server/handlers/uploads-handler.ts';
import { netlifyFunction } from '../../src/server/http/netlify-function.ts';

export default netlifyFunction(uploadsHandler);

// preferStatic: pictures copied into the deploy at build time (bake-uploads.ts) are served as files, not by this function.
export const config: Config = { path: '/uploads/:folder/:file', preferStatic: true };
