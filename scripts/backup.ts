/**
 * Writes a backup archive of every family and every picture (format: src/server/migration/backup.ts).
 *
 *   npm run backup -- --out <file.tar.gz> [--data-dir .local/data]
 */
import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import {
  backupCountsRows,
  backupFileName,
  backupStream,
  collectBackup,
} from '../src/server/migration/backup.ts';
import { formatTable } from './migration/format-table.ts';
import { openStoreTarget } from './migration/store-target.ts';

const { values: args } = parseArgs({
  options: {
    out: { type: 'string' },
    'data-dir': { type: 'string', default: '.local/data' },
  },
});
const out = args.out ?? backupFileName(new Date());

const target = await openStoreTarget({ dataDir: args['data-dir'] });
try {
  console.log(`Backing up ${target.description}`);
  const contents = await collectBackup(target.repository, target.imageStore);
  await pipeline(backupStream(contents), createWriteStream(out, { flags: 'wx' }));
  console.log(`\n${formatTable(['family', 'items'], backupCountsRows(contents.manifest))}`);
  console.log(`\nWrote ${out} (${(await stat(out)).size} bytes).`);
} finally {
  await target.close();
}
