import type { Config } from '@netlify/functions';
import { verifyPageHandler } from '../../src/server/handlers/verify-page-handler.ts';
import { netlifyFunction } from '../../src/server/http/netlify-function.ts';

export default netlifyFunction(verifyPageHandler);

// Certificates are issued between deploys, so their pages and keys are answered live (docs/decisions.md §35);
// the learner's testimonial form (issue 23.8) is a page of the same holder's, answered the same way, and so is the
// student's "Your enrolment" page (a signed link, live at each visit).
export const config: Config = {
  path: ['/verify/*', '/.well-known/jwks.json', '/testimonial/*', '/enrolment/*'],
};
