/**
 * Runs a command with a throw-away Netlify Blobs sandbox in NETLIFY_BLOBS_CONTEXT, for tools that load the
 * content collections but need no content (`astro check` syncs collections through the store).
 *
 *   node scripts/with-blobs-sandbox.ts astro check
 */
import { spawn } from 'node:child_process';
import { startBlobsSandbox } from './dev/blobs-sandbox.ts';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/with-blobs-sandbox.ts <command> [args…]');
  process.exit(2);
}
const sandbox = await startBlobsSandbox();
// Asynchronous spawn: a synchronous one would block the Blobs server living in this process.
const child = spawn(command, args, {
  stdio: 'inherit',
  env: { ...process.env, NETLIFY_BLOBS_CONTEXT: sandbox.context },
  shell: false,
});
const code = await new Promise<number>((resolve) => child.on('exit', (exitCode) => resolve(exitCode ?? 1)));
await sandbox.stop();
process.exit(code);
