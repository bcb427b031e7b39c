/**
 * The last of playwright.config.ts's web servers: Playwright starts its web servers one after another, so the
 * runners' entries only wait until each is past its port check and seeding (their log's "building the site") and
 * build side by side; this one waits until every runner's /health answers, says so, and idles until stopped.
 *
 *   node tests/e2e/runners-ready.ts http://localhost:8899/health http://localhost:8900/health …
 */
import { setTimeout as sleep } from 'node:timers/promises';

const urls = process.argv.slice(2);
const answers = async (url: string) => {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
};
const waiting = new Set(urls);
while (waiting.size > 0) {
  for (const url of [...waiting]) if (await answers(url)) waiting.delete(url);
  if (waiting.size > 0) await sleep(500);
}
console.log(`e2e runners ready: ${urls.join(', ')}`);
// Playwright stops this process with the others at the end of the run.
setInterval(() => undefined, 60_000);
process.on('SIGTERM', () => process.exit(0));
process.on('SIGINT', () => process.exit(0));
