import type { Config } from '@netlify/functions';
import { contentFamilies } from '../../src/lib/collections.ts';
import { contentHandler } from '../../src/server/handlers/content-handler.ts';
import { netlifyFunction } from '../../src/server/http/netlify-function.ts';

export default netlifyFunction(contentHandler(contentFamilies.career));

// Literal paths: Netlify reads this object statically.
export const config: Config = {
  path: ['/api/v1/career', '/api/v1/career/*'],
};
