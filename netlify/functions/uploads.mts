import type { Config } from '@netlify/functions';
import { uploadsHandler } from '../../src/server/handlers/uploads-handler.ts';
import { netlifyFunction } from '../../src/server/http/netlify-function.ts';

export default netlifyFunction(uploadsHandler);

export const config: Config = { path: '/uploads/:folder/:file' };
