/**
 * Two starts at once on a machine without Node 24 (two worktrees, or `./run start` beside `./run test`): both must
 * end with Node 24 on PATH. Without a lock both installed into the one shared prefix and one failed (npm's ENOENT).
 * The install is a fake npm on PATH that takes a second, refuses to run beside another install into the same prefix
 * (as the real one breaks) and counts installs; nothing is downloaded.
 */
import { spawn } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const scratch = mkdtempSync(join(tmpdir(), 'delta-provision-lock-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const FAKE_NPM = `#!/bin/sh
# A slow install of node@24 into --prefix DIR that breaks when another runs into the same prefix at the same time.
prefix=""
while [ $# -gt 0 ]; do [ "$1" = "--prefix" ] && prefix="$2"; shift; done
[ -n "$prefix" ] || exit 0
mkdir "$prefix/.installing" 2>/dev/null || { echo "npm error code ENOENT (another install is running)" >&2; exit 1; }
echo install >> "$prefix/../installs.log"
sleep 1
mkdir -p "$prefix/node_modules/.bin"
printf '#!/bin/sh\\necho v24.99.0\\n' > "$prefix/node_modules/.bin/node"
chmod +x "$prefix/node_modules/.bin/node"
rmdir "$prefix/.installing"
`;

/** A copy of the project's provisioning in a tree whose node_modules is up to date, so only the Node step acts. */
function projectCopy(): string {
  const tree = join(scratch, 'tree');
  mkdirSync(join(tree, 'scripts'), { recursive: true });
  mkdirSync(join(tree, 'node_modules'), { recursive: true });
  copyFileSync(join(root, 'scripts/provision.sh'), join(tree, 'scripts/provision.sh'));
  writeFileSync(join(tree, 'package-lock.json'), '{}');
  writeFileSync(join(tree, 'node_modules/.package-lock.json'), '{}');
  const past = new Date(Date.now() - 60_000);
  utimesSync(join(tree, 'package-lock.json'), past, past);
  return tree;
}

function provision(tree: string, env: NodeJS.ProcessEnv) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((done) => {
    const child = spawn('bash', ['-c', '. scripts/provision.sh && echo "after: $(node --version)"'], {
      cwd: tree,
      env,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (status) => done({ status, stdout, stderr }));
  });
}

describe('scripts/provision.sh, twice at once', () => {
  it('installs Node 24 once: the second start waits for the first, then finds it installed', async () => {
    const tree = projectCopy();
    const bin = join(scratch, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'npm'), FAKE_NPM);
    chmodSync(join(bin, 'npm'), 0o755);
    const prefix = join(scratch, 'cache', 'node24');
    // No Node 24 on PATH (the system's node, if any, is older): the fake npm first.
    const env = {
      HOME: scratch,
      PATH: `${bin}:/usr/local/bin:/usr/bin:/bin`,
      NODE24_PREFIX: prefix,
      PROVISION_TOTAL: '3',
    };
    const [first, second] = await Promise.all([provision(tree, env), provision(tree, env)]);
    for (const run of [first, second]) {
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(run.stdout).toContain(`[1/3] Node 24: v24.99.0 from ${prefix}`);
      expect(run.stdout).toContain('after: v24.99.0');
    }
    expect(readFileSync(join(scratch, 'cache', 'installs.log'), 'utf8')).toBe('install\n');
    expect(existsSync(`${prefix}.lock`)).toBe(true);
  }, 30_000);
});
