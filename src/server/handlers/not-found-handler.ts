/** Unknown /api/v1 routes answer JSON, never the site's HTML redirect. */
import { API } from '../../lib/api-messages.ts';
import type { RouteHandler } from '../http/netlify-function.ts';
import { notFound } from '../http/respond.ts';

export const notFoundHandler: RouteHandler = async () => notFound(API.notFoundRoute);
