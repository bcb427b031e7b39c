import type { Config } from '@netlify/functions';
import { notFoundHandler } from '../../src/server/handlers/not-found-handler.ts';
import { netlifyFunction } from '../../src/server/http/netlify-function.ts';

export default netlifyFunction(notFoundHandler);

/**
 * Every /api/v1 path no other function owns. The owned paths are excluded explicitly rather than trusting
 * route precedence between functions (which the local dev server does not define). Literal: read statically.
 */
export const config: Config = {
  path: ['/api/v1', '/api/v1/*'],
  excludedPath: [
    '/api/v1/homeContent',
    '/api/v1/homeContent/*',
    '/api/v1/homecontent',
    '/api/v1/homecontent/*',
    '/api/v1/homeService',
    '/api/v1/homeService/*',
    '/api/v1/homeservice',
    '/api/v1/homeservice/*',
    '/api/v1/homeCourse',
    '/api/v1/homeCourse/*',
    '/api/v1/homecourse',
    '/api/v1/homecourse/*',
    '/api/v1/serviceContent',
    '/api/v1/serviceContent/*',
    '/api/v1/servicecontent',
    '/api/v1/servicecontent/*',
    '/api/v1/career',
    '/api/v1/career/*',
    '/api/v1/contact',
    '/api/v1/contact/*',
    '/api/v1/enroll',
    '/api/v1/enroll/*',
    '/api/v1/enrollCourse',
    '/api/v1/enrollCourse/*',
    '/api/v1/enrollcourse',
    '/api/v1/enrollcourse/*',
    '/api/v1/stats',
    '/api/v1/stats/*',
    '/api/v1/auth/login',
    '/api/v1/auth/logout',
    '/api/v1/auth/session',
  ],
};
