import type { Config } from '@netlify/functions';
import { contentFamilies } from '../../src/lib/collections.ts';
import { contentHandler } from '../../src/server/handlers/content-handler.ts';
import { netlifyFunction } from '../../src/server/http/netlify-function.ts';

export default netlifyFunction(contentHandler(contentFamilies.serviceContent));

// Literal paths (Netlify reads this object statically), in both spellings: the router lower-cases request paths.
export const config: Config = {
  path: [
    '/api/v1/serviceContent',
    '/api/v1/serviceContent/*',
    '/api/v1/servicecontent',
    '/api/v1/servicecontent/*',
  ],
};
