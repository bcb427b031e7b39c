// Runs before npm start/dev/test (their "pre" scripts). The project's scripts are TypeScript run by Node 24's own
// type stripping; an older Node dies on the first one with ERR_UNKNOWN_FILE_EXTENSION ".ts", which says nothing
// about the fix. Plain JavaScript, so that any Node can run this check.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/**
 * The lowest major version package.json's `engines.node` (">=24") allows.
 * @param {string} packageJson the file's text
 * @returns {number}
 */
export function requiredMajor(packageJson) {
  const range = JSON.parse(packageJson).engines?.node ?? '';
  const major = /^>=\s*v?(\d+)/.exec(range.trim())?.[1];
  if (!major) throw new Error(`engines.node must read ">=N", found "${range}"`);
  return Number(major);
}

/**
 * One line saying what to do, or null when `version` (like "v20.20.2") is new enough.
 * @param {string} version
 * @param {number} required
 * @returns {string | null}
 */
export function nodeVersionProblem(version, required) {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1] ?? 0);
  if (major >= required) return null;
  return (
    `This project needs Node ${required}+, but this is Node ${version}: use ./run start or ./run test ` +
    `(they fetch Node ${required} into ~/.cache/delta-site), or put Node ${required} first on PATH: ` +
    `export PATH=$HOME/.cache/delta-site/node24/node_modules/.bin:$PATH`
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const packageJson = readFileSync(new URL('../package.json', import.meta.url), 'utf8');
  const problem = nodeVersionProblem(process.version, requiredMajor(packageJson));
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
