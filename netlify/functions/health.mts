import type { Config } from '@netlify/functions';
import { healthHandler } from '../../src/server/handlers/health-handler.ts';
import { netlifyFunction } from '../../src/server/http/netlify-function.ts';

export default netlifyFunction(healthHandler);

export const config: Config = { path: '/health' };
