/**
 * Standalone benchmarks (not part of `npm run bench`, which rewrites RESULTS.md) keep their last run in a file of
 * their own beside it, with the same machine facts, so a figure quoted in docs/decisions.md has a source.
 */
import { writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadNow, machineFacts } from './machine.ts';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export async function writeStandaloneReport(options: {
  file: string;
  title: string;
  command: string;
  body: string;
  startedAt: number;
}): Promise<void> {
  const facts = await machineFacts(projectRoot);
  const seconds = ((performance.now() - options.startedAt) / 1000).toFixed(0);
  const report = [
    `# ${options.title}`,
    '',
    `Produced by \`${options.command}\`.`,
    '',
    ...facts.map((fact) => `- ${fact}`),
    `- Wall time: ${seconds} s; load average at the end: ${loadNow().toFixed(2)}`,
    '',
    options.body,
    '',
  ].join('\n');
  const path = resolve(projectRoot, 'bench', options.file);
  writeFileSync(path, report);
  console.error(`written to ${path}`);
}
