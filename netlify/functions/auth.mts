import type { Config } from '@netlify/functions';
import { authHandler } from '../../src/server/handlers/auth-handler.ts';
import { netlifyFunction } from '../../src/server/http/netlify-function.ts';

export default netlifyFunction(authHandler);

// Literal paths: Netlify reads this object statically.
export const config: Config = {
  path: ['/api/v1/auth/login', '/api/v1/auth/logout', '/api/v1/auth/session'],
};
