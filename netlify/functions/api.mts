import type { Config } from '@netlify/functions';
import { apiHandler } from '../../src/server/handlers/api-router.ts';
import { netlifyFunction } from '../../src/server/http/netlify-function.ts';

export default netlifyFunction(apiHandler());

// Literal: Netlify reads this object statically. The route table behind it comes from the registry.
export const config: Config = { path: ['/api/v1', '/api/v1/*'] };
