import type { Config } from '@netlify/functions';
import { statsHandler } from '../../src/server/handlers/stats-handler.ts';
import { netlifyFunction } from '../../src/server/http/netlify-function.ts';

export default netlifyFunction(statsHandler);

// Literal paths: Netlify reads this object statically.
export const config: Config = {
  path: ['/api/v1/stats', '/api/v1/stats/*'],
};
