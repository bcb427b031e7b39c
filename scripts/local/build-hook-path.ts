/**
 * Path set as BUILD_HOOK_URL instead of a Netlify build hook, answered only for loopback callers. Nothing in the
 * product asks for a build (content needs no deploy: docs/decisions.md §76), so a POST here is a deploy a change
 * would cost on Netlify; a GET answers how many there were (`{ "calls": n }`), for the e2e specs and the bench.
 */
export const LOCAL_BUILD_HOOK_PATH = '/__local/build-hook';
