import type { Config } from '@netlify/functions';
import { enrollCourseHandler } from '../../src/server/handlers/enroll-course-handler.ts';
import { netlifyFunction } from '../../src/server/http/netlify-function.ts';

export default netlifyFunction(enrollCourseHandler);

// Literal paths (Netlify reads this object statically), in both spellings: the router lower-cases request paths.
export const config: Config = {
  path: ['/api/v1/enrollCourse', '/api/v1/enrollCourse/*', '/api/v1/enrollcourse', '/api/v1/enrollcourse/*'],
};
