/**
 * Issue 14: import of a generated 1,000-record export of the current site with 200 pictures (served from a loopback
 * server, photo-like JPEGs), then a backup of the result and a restore of it into an empty store, on both store
 * kinds (Netlify's local Blobs server; redis-server behind the Upstash gateway, pictures in Blobs). Each phase
 * runs in a fresh child process through the same code path as the npm commands (scripts/migration/store-target.ts),
 * so its time and peak memory are those of one command.
 *
 *   node bench/migration.ts [--backends blobs,redis]
 */
import { fork } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { REQUEST_RETENTION_MAX_DAYS } from '../src/lib/constants.ts';
import { writeStandaloneReport } from './support/standalone-report.ts';

const ITEMS = {
  homecontents: 50,
  homeservices: 50,
  servicecontents: 50,
  careers: 100,
  homecourses: 100,
  enrollcourses: 50,
  contacts: 400,
  enrolls: 200,
} as const;
/** Every home content, home service and service content has a picture, and half the careers: 200. */
const PICTURES = 200;

interface PhaseResult {
  ms: number;
  startRssMb: number;
  peakRssMb: number;
  detail: string;
}

// ---------------------------------------------------------------- child: one phase, measured
async function child(
  phase: string,
  options: { dataDir: string; dir: string; base: string; archive: string },
) {
  const { openStoreTarget } = await import('../scripts/migration/store-target.ts');
  const target = await openStoreTarget({ dataDir: options.dataDir });
  const startRss = process.memoryUsage().rss;
  let peak = startRss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const started = performance.now();
  let detail: string;
  try {
    if (phase === 'import') {
      const { importLegacyDirectory } = await import('../scripts/migration/legacy-import.ts');
      const report = await importLegacyDirectory(options.dir, {
        repository: target.repository,
        images: target.images,
        pictures: { base: options.base },
        // The export's requests date from 2022: the bench measures importing all of them, as it always has.
        retentionDays: REQUEST_RETENTION_MAX_DAYS,
      });
      const sum = (field: 'created' | 'picturesFetched' | 'picturesFailed' | 'skipped') =>
        report.summary.reduce((total, row) => total + row[field], 0);
      detail = `${sum('created')} created, ${sum('picturesFetched')} pictures, ${sum('picturesFailed')} failed, ${sum('skipped')} skipped`;
    } else if (phase === 'backup') {
      const { createWriteStream } = await import('node:fs');
      const { pipeline } = await import('node:stream/promises');
      const { backupStream, collectBackup } = await import('../src/server/migration/backup.ts');
      const contents = await collectBackup(target.repository, target.imageStore);
      await pipeline(backupStream(contents), createWriteStream(options.archive));
      detail = `${contents.manifest.counts.images} picture files, archive ${((await stat(options.archive)).size / 1048576).toFixed(1)} MB`;
    } else {
      const { restoreBackup } = await import('../scripts/migration/restore.ts');
      const report = await restoreBackup(await readFile(options.archive), {
        repository: target.repository,
        images: target.imageStore,
      });
      detail = `${report.rows.reduce((total, row) => total + row.inBackup, 0)} items and picture files written`;
    }
  } finally {
    clearInterval(sampler);
  }
  const ms = performance.now() - started;
  peak = Math.max(peak, process.memoryUsage().rss);
  await target.close();
  const result: PhaseResult = { ms, startRssMb: startRss / 1048576, peakRssMb: peak / 1048576, detail };
  process.send?.(result);
}

// ---------------------------------------------------------------- parent: data, servers, table
const oid = (n: number) => n.toString(16).padStart(24, '0');
const date = (n: number) => ({ $date: new Date(Date.UTC(2022, 0, 1) + n * 3_600_000).toISOString() });

function exportFiles(): Record<string, string> {
  let serial = 1;
  let picture = 0;
  const nextPicture = () => `/pictures/p${picture++}.jpg`;
  const lines = (count: number, make: (index: number) => Record<string, unknown>) =>
    Array.from({ length: count }, (_, index) =>
      JSON.stringify({ _id: { $oid: oid(serial++) }, ...make(index), createdAt: date(serial), __v: 0 }),
    ).join('\n');
  const text = (label: string, index: number) => `${label} ${index} — सुरक्षा ✓`;
  return {
    homecontents: lines(ITEMS.homecontents, (i) => ({ title: text('Banner', i), image: nextPicture() })),
    homeservices: lines(ITEMS.homeservices, (i) => ({
      title: text('Service', i),
      description: text('What we do', i),
      image: nextPicture(),
      position: i,
      isActive: true,
    })),
    servicecontents: lines(ITEMS.servicecontents, (i) => ({
      title: text('Detail', i),
      description: text('Details', i),
      image: nextPicture(),
      points: ['One', 'Two', 'Three', 'Four'],
    })),
    careers: lines(ITEMS.careers, (i) => ({
      title: text('Job', i),
      description: text('Role', i),
      points: ['Point'],
      ...(i % 2 === 0 ? { image: nextPicture() } : {}),
    })),
    homecourses: lines(ITEMS.homecourses, (i) => ({
      title: text('Course', i),
      description: text('About', i),
    })),
    enrollcourses: lines(ITEMS.enrollcourses, (i) => ({ courseName: `Course ${i}`, isActive: true })),
    contacts: lines(ITEMS.contacts, (i) => ({
      name: `Person ${i}`,
      email: `p${i}@example.in`,
      phone: '9876543210',
      message: text('Message', i),
    })),
    enrolls: lines(ITEMS.enrolls, (i) => ({
      name: `Student ${i}`,
      email: `s${i}@example.in`,
      phone: '9876543210',
      course: `Course ${i % 50}`,
      message: '',
    })),
  };
}

/** A photo-like JPEG (gradient and grain, 1600×1067, a few hundred KB), different per index. */
const photo = (index: number) =>
  sharp({
    create: {
      width: 1600,
      height: 1067,
      channels: 3,
      background: { r: (index * 37) % 256, g: (index * 91) % 256, b: 128 },
      noise: { type: 'gaussian', mean: 128, sigma: 18 },
    },
  })
    .blur(1.2)
    .jpeg({ quality: 82 })
    .toBuffer();

function runPhase(
  phase: string,
  env: NodeJS.ProcessEnv,
  options: Record<string, string>,
): Promise<PhaseResult> {
  return new Promise((resolve, reject) => {
    const worker = fork(process.argv[1]!, ['--child', phase, '--options', JSON.stringify(options)], {
      env,
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    let result: PhaseResult | undefined;
    worker.on('message', (message) => (result = message as PhaseResult));
    worker.on('exit', (code) =>
      result ? resolve(result) : reject(new Error(`${phase} exited with ${code} and no result`)),
    );
  });
}

async function parent(backends: string[]) {
  const startedAt = performance.now();
  const work = await mkdtemp(join(tmpdir(), 'bench-migration-'));
  const dir = join(work, 'export');
  await mkdir(dir);
  for (const [name, text] of Object.entries(exportFiles())) await writeFile(join(dir, `${name}.json`), text);
  const pictures = await Promise.all(Array.from({ length: PICTURES }, (_, index) => photo(index)));
  const pictureBytes = pictures.reduce((total, bytes) => total + bytes.length, 0);
  const server = createServer((req, res) => {
    const index = Number(/^\/pictures\/p(\d+)\.jpg$/.exec(req.url ?? '')?.[1] ?? NaN);
    const bytes = pictures[index];
    if (!bytes) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': bytes.length }).end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const rows: string[][] = [];
  const clean: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [
    'UPSTASH_REDIS_REST_URL',
    'UPSTASH_REDIS_REST_TOKEN',
    'NETLIFY_BLOBS_CONTEXT',
    'BUILD_HOOK_URL',
  ])
    delete clean[name];
  try {
    for (const backend of backends) {
      let stopRedis = async () => {};
      const envFor = async (prefix: string): Promise<NodeJS.ProcessEnv> => {
        if (backend !== 'redis') return clean;
        const { startRedisWithGateway } = await import('../tests/support/redis-server.ts');
        const redis = await startRedisWithGateway();
        const previous = stopRedis;
        stopRedis = async () => {
          await previous();
          await redis.stop();
        };
        return {
          ...clean,
          UPSTASH_REDIS_REST_URL: redis.url,
          UPSTASH_REDIS_REST_TOKEN: redis.token,
          REDIS_KEY_PREFIX: prefix,
        };
      };
      try {
        const archive = join(work, `${backend}.tar.gz`);
        const source = { dir, base, archive, dataDir: join(work, `${backend}-source`) };
        const target = { ...source, dataDir: join(work, `${backend}-target`) };
        const sourceEnv = await envFor('source');
        const targetEnv = await envFor('target');
        const phases: [string, NodeJS.ProcessEnv, Record<string, string>][] = [
          ['import', sourceEnv, source],
          ['backup', sourceEnv, source],
          ['restore', targetEnv, target],
        ];
        for (const [phase, env, options] of phases) {
          const result = await runPhase(phase, env, options);
          rows.push([
            backend,
            phase,
            (result.ms / 1000).toFixed(1),
            result.peakRssMb.toFixed(0),
            (result.peakRssMb - result.startRssMb).toFixed(0),
            result.detail,
          ]);
          console.error(`[bench] ${backend} ${phase}: ${(result.ms / 1000).toFixed(1)} s`);
        }
      } finally {
        await stopRedis();
      }
    }
  } finally {
    server.close();
    await rm(work, { recursive: true, force: true });
  }
  const { formatTable } = await import('../scripts/migration/format-table.ts');
  const items = Object.values(ITEMS).reduce((total, count) => total + count, 0);
  const body = [
    `Migration: ${items} records, ${PICTURES} pictures (${(pictureBytes / 1048576).toFixed(1)} MB of JPEG), node ${process.version}`,
    '',
    '```',
    formatTable(['store', 'phase', 'time s', 'peak RSS MB', 'RSS growth MB', 'what'], rows),
    '```',
  ].join('\n');
  console.log(body);
  await writeStandaloneReport({
    file: 'RESULTS-migration.md',
    title: 'Import, backup and restore (issue 14)',
    command: `node bench/migration.ts --backends ${backends.join(',')}`,
    body,
    startedAt,
  });
}

const { values } = parseArgs({
  options: {
    child: { type: 'string' },
    options: { type: 'string' },
    backends: { type: 'string', default: 'blobs,redis' },
  },
});
if (values.child) await child(values.child, JSON.parse(values.options ?? '{}') as never);
else await parent(values.backends.split(','));
