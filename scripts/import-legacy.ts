/**
 * Imports the current site's MongoDB exports (see README "Moving in from the current site").
 *
 *   npm run import:legacy -- <dir> [--dry-run] [--replace] [--images-base <url>] [--data-dir .local/data]
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { formatImportSummary, importLegacyDirectory } from './migration/legacy-import.ts';
import { openStoreTarget } from './migration/store-target.ts';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'dry-run': { type: 'boolean', default: false },
    replace: { type: 'boolean', default: false },
    'images-base': { type: 'string' },
    'data-dir': { type: 'string', default: '.local/data' },
  },
});
const dir = positionals[0];
if (!dir || positionals.length > 1 || !existsSync(dir)) {
  console.error(
    'usage: npm run import:legacy -- <export directory> [--dry-run] [--replace] [--images-base <url>]',
  );
  process.exit(2);
}

const target = await openStoreTarget({ dataDir: args['data-dir'] });
try {
  const dryRun = args['dry-run'];
  console.log(`${dryRun ? 'Dry run (nothing is written)' : 'Importing'} into ${target.description}\n`);
  const report = await importLegacyDirectory(dir, {
    repository: target.repository,
    images: target.images,
    dryRun,
    replace: args.replace,
    pictures: { base: args['images-base'] },
    retentionDays: target.requestRetentionDays,
    coordination: target.coordination,
    publish: (tags) => target.publish(tags),
    audit: (record) => target.audit(record),
  });
  const verb = (action: string) =>
    dryRun
      ? { create: 'would create', update: 'would update', unchanged: 'unchanged', skip: 'would skip' }[action]
      : action;
  for (const outcome of report.outcomes) {
    if (outcome.action === 'unchanged' && outcome.notes.length === 0) continue;
    const what = `${outcome.source} ${outcome.sourceId ?? '(no _id)'}`;
    const why = outcome.reason ? `: ${outcome.reason}` : '';
    console.log(
      `${verb(outcome.action)} ${what}${why}${outcome.notes.map((note) => `\n    note: ${note}`).join('')}`,
    );
  }
  for (const row of report.summary)
    for (const problem of row.unreadable)
      console.log(`unreadable ${row.source} line ${problem.line}: ${problem.reason}`);
  if (report.ignoredFiles.length > 0) console.log(`ignored files: ${report.ignoredFiles.join(', ')}`);
  console.log(`\n${formatImportSummary(report)}`);
  if (!report.changed && !dryRun) console.log('\nNothing changed.');
} finally {
  await target.close();
}
