import { config } from 'zod';

/**
 * Zod compiles object parsers with `new Function` when it can, and probes whether it can by trying: under the
 * admin's CSP (no 'unsafe-eval') that probe is a reported violation. Screens that check input as it is typed with
 * the server's own schemas (Team's user-ID rule) parse in the browser, so the admin tells Zod not to try.
 */
config({ jitless: true });
