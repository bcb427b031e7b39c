/**
 * Every built page is valid HTML by the W3C Nu HTML checker (vnu-jar, run offline on Java 11+): read over dist/, which
 * the e2e run has just built from the seeded store. The pages are copied first (a rebuild may swap dist/ meanwhile)
 * and checked in one Java run, since the JVM's start is most of the cost.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { expect, test } from './fixtures.ts';

const DIST = join(import.meta.dirname, '../../dist');
const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

test('the W3C Nu HTML checker finds no error on any built page', () => {
  test.setTimeout(240_000);
  const pages = readdirSync(DIST, { recursive: true, encoding: 'utf8' }).filter((path) => path.endsWith('.html'));
  expect(pages.length).toBeGreaterThan(20);
  const copy = mkdtempSync(join(tmpdir(), 'vnu-pages-'));
  try {
    for (const page of pages) {
      mkdirSync(dirname(join(copy, page)), { recursive: true });
      writeFileSync(join(copy, page), readFileSync(join(DIST, page)));
    }
    const run = spawnSync(
      'java',
      ['-jar', VNU_JAR, '--errors-only', '--format', 'json', ...pages.map((page) => join(copy, page))],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    expect(run.error, 'java must be installed (scripts/provision.sh installs default-jre-headless)').toBeUndefined();
    const { messages } = JSON.parse(run.stderr) as { messages: VnuMessage[] };
    const errors = messages
      .filter((message) => message.type === 'error' || message.type === 'non-document-error')
      .map((message) => {
        const page = message.url ? relative(copy, new URL(message.url).pathname) : '?';
        return `${page}:${message.lastLine ?? '?'}: ${message.message} ${message.extract ?? ''}`.trim();
      });
    expect(errors).toEqual([]);
    expect(run.status).toBe(0);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});
