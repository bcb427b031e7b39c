/** Facts about the machine and code a run was measured on, printed above the table. */
import { execFile } from 'node:child_process';
import os from 'node:os';
import { promisify } from 'node:util';

const run = promisify(execFile);

export { CHROMIUM_PATH } from '../../scripts/dev/chromium.ts';
import { CHROMIUM_PATH } from '../../scripts/dev/chromium.ts';

async function output(file: string, args: string[], cwd?: string): Promise<string> {
  try {
    const { stdout } = await run(file, args, { cwd, timeout: 20_000 });
    return stdout.trim();
  } catch {
    return 'unknown';
  }
}

export async function machineFacts(projectRoot: string): Promise<string[]> {
  const cpus = os.cpus();
  const commit = await output('git', ['rev-parse', '--short', 'HEAD'], projectRoot);
  const dirty = await output('git', ['status', '--porcelain', '--untracked-files=no'], projectRoot);
  const chromium = (await output(CHROMIUM_PATH, ['--version'])).split('\n').pop() ?? 'unknown';
  const [load1, load5] = os.loadavg();
  return [
    `Date: ${new Date().toISOString()}`,
    `CPU: ${cpus[0]?.model.trim() ?? 'unknown'}, ${cpus.length} cores (os.availableParallelism ${os.availableParallelism()})`,
    `Memory: ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB total, ${(os.freemem() / 2 ** 30).toFixed(1)} GiB free at start`,
    `OS: ${os.type()} ${os.release()} ${os.arch()}`,
    `Node: ${process.version}`,
    `Chromium: ${chromium} (${CHROMIUM_PATH})`,
    `Load average at start: ${load1?.toFixed(2)} (1 min), ${load5?.toFixed(2)} (5 min)`,
    `Code: ${commit}${dirty && dirty !== 'unknown' ? ' plus uncommitted changes in the shared working tree' : ''}`,
  ];
}

/** Load average now, to show how busy the shared machine was while a benchmark ran. */
export const loadNow = () => os.loadavg()[0] ?? 0;
