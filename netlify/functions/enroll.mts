import type { Config } from '@netlify/functions';
import { requestFamilies } from '../../src/lib/collections.ts';
import { requestHandler } from '../../src/server/handlers/request-handler.ts';
import { netlifyFunction } from '../../src/server/http/netlify-function.ts';

export default netlifyFunction(requestHandler(requestFamilies.enroll));

// Literal paths: Netlify reads this object statically.
export const config: Config = {
  path: ['/api/v1/enroll', '/api/v1/enroll/*'],
};
