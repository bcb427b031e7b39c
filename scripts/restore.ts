/**
 * Restores a backup archive: verifies all of it first, then makes the store equal to it (README "Restore").
 *
 *   npm run restore -- <file.tar.gz> [--dry-run] [--data-dir .local/data]
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { REQUEST_RETENTION_DAYS } from '../src/lib/constants.ts';
import { formatTable } from './migration/format-table.ts';
import { restoreBackup, RestoreRefusedError } from './migration/restore.ts';
import { openStoreTarget } from './migration/store-target.ts';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'dry-run': { type: 'boolean', default: false },
    'data-dir': { type: 'string', default: '.local/data' },
  },
});
const file = positionals[0];
if (!file || positionals.length > 1) {
  console.error('usage: npm run restore -- <backup.tar.gz> [--dry-run]');
  process.exit(2);
}

const archive = await readFile(file);
const target = await openStoreTarget({ dataDir: args['data-dir'] });
try {
  const dryRun = args['dry-run'];
  console.log(`${dryRun ? 'Checking (nothing is written)' : 'Restoring'} ${file} into ${target.description}`);
  const report = await restoreBackup(archive, {
    repository: target.repository,
    coordination: target.coordination,
    dueRules: { retentionDays: Number(process.env.REQUEST_RETENTION_DAYS) || REQUEST_RETENTION_DAYS },
    images: target.imageStore,
    dryRun,
    publish: (tags) => target.publish(tags),
    audit: (record) => target.audit(record),
  });
  console.log(
    `Backup taken ${report.manifest.createdAt} from ${report.manifest.backend}; every checksum matches.\n`,
  );
  console.log(
    formatTable(
      ['family', 'in backup', 'in store before', dryRun ? 'would delete' : 'deleted'],
      report.rows.map((row) => [row.name, String(row.inBackup), String(row.before), String(row.removed)]),
    ),
  );
} catch (error) {
  if (!(error instanceof RestoreRefusedError)) throw error;
  console.error(`Refused: ${error.message}\nThe store was not changed.`);
  process.exitCode = 1;
} finally {
  await target.close();
}
