/**
 * 5. Build: `astro build` of the whole site with 1,000 generated content items across the families, read from a
 * fresh Netlify Blobs sandbox (as a deploy reads its store). Items are created through the repository; each
 * image folder gets one uploaded picture that every item of the folder reuses (the build never processes
 * images, so reusing one costs the build nothing it would otherwise pay).
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { contentFamilies, type ContentFamilyKey, type ImageFolder } from '../src/lib/collections.ts';
import { storedImageValue } from '../src/lib/image-url.ts';
import { createImageService } from '../src/server/images/image-service.ts';
import { createBlobsRepository } from '../src/server/repository/index.ts';
import { BLOB_STORES } from '../src/server/repository/keys.ts';
import { demoContent } from '../scripts/seed/demo-content.ts';
import { startBlobsSandbox } from '../scripts/dev/blobs-sandbox.ts';
import type { Benchmark } from './support/context.ts';
import { spread } from './support/stats.ts';

const TOTAL_ITEMS = 1_000;
const ENROLL_COURSES = 50;
const RUNS = Number(process.env.BENCH_BUILD_RUNS ?? 3);
const CONCURRENCY = 8;

async function inParallel<T>(tasks: (() => Promise<T>)[], limit: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < tasks.length) await tasks[next++]!();
    }),
  );
}

function astroBuild(projectRoot: string, outDir: string, env: NodeJS.ProcessEnv): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    // Asynchronous on purpose: a synchronous spawn would deadlock the Blobs server this process hosts.
    const child = spawn(
      process.execPath,
      [join(projectRoot, 'node_modules/astro/bin/astro.mjs'), 'build', '--outDir', outDir],
      {
        cwd: projectRoot,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) =>
      code === 0
        ? resolve(performance.now() - started)
        : reject(new Error(`astro build failed (${code}):\n${output.slice(-3000)}`)),
    );
  });
}

export const buildTimeBenchmark: Benchmark = {
  name: 'build',
  title: 'Build with 1,000 items',
  async run(context) {
    const sandbox = await startBlobsSandbox();
    const outDir = join(context.workDir, 'build-1000');
    try {
      const repository = createBlobsRepository({ store: sandbox.getStore(BLOB_STORES.content) });
      const images = createImageService({ store: sandbox.getStore(BLOB_STORES.images) });
      const picture = await sharp({
        create: { width: 1200, height: 800, channels: 3, background: { r: 20, g: 110, b: 90 } },
      })
        .jpeg()
        .toBuffer();
      const uploaded = new Map<ImageFolder, { fileName: string; width: number; height: number }>();
      const families = Object.keys(contentFamilies) as ContentFamilyKey[];
      for (const key of families) {
        const rule = contentFamilies[key].image;
        if (rule && !uploaded.has(rule.folder)) {
          uploaded.set(
            rule.folder,
            await images.store(rule.folder, new Blob([new Uint8Array(picture)], { type: 'image/jpeg' })),
          );
        }
      }
      const perFamily = Math.floor((TOTAL_ITEMS - ENROLL_COURSES) / families.length);
      const tasks: (() => Promise<unknown>)[] = [];
      const titles: string[] = [];
      for (const key of families) {
        const family = contentFamilies[key];
        const samples = demoContent[key];
        for (let index = 0; index < perFamily; index += 1) {
          const sample = samples[index % samples.length]!.fields;
          const fields = family.inputSchema.parse({
            ...sample,
            title: `${String(sample.title)} ${index + 1}`,
          }) as Record<string, unknown>;
          const stored = family.image ? uploaded.get(family.image.folder) : undefined;
          if (family.image && stored) {
            fields.image = storedImageValue(stored.fileName, family.image.folder, family.image.storedAs);
            fields.imageWidth = stored.width;
            fields.imageHeight = stored.height;
          }
          titles.push(String(fields.title));
          tasks.push(() => repository.create(key, fields));
        }
      }
      const remaining = TOTAL_ITEMS - tasks.length;
      for (let index = 0; index < remaining; index += 1) {
        tasks.push(() => repository.create('enrollCourse', { courseName: `Generated course ${index + 1}` }));
      }
      await repository.setDocument('stats', { totalCourses: remaining });
      context.log(`seeding ${tasks.length} items into a fresh Blobs sandbox`);
      const seedStarted = performance.now();
      await inParallel(tasks, CONCURRENCY);
      const seedMs = performance.now() - seedStarted;

      const env: NodeJS.ProcessEnv = {
        ...process.env,
        NETLIFY_BLOBS_CONTEXT: sandbox.context,
        ASTRO_TELEMETRY_DISABLED: '1',
      };
      delete env.UPSTASH_REDIS_REST_URL;
      delete env.UPSTASH_REDIS_REST_TOKEN;
      const times: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        context.log(`astro build with ${tasks.length} items, run ${run + 1}/${RUNS}`);
        rmSync(outDir, { recursive: true, force: true });
        times.push((await astroBuild(await context.siteRoot(), outDir, env)) / 1000);
      }
      const time = spread(times);
      // Proof the build read the generated content: how many generated titles the built pages contain.
      const html = readdirSync(outDir, { recursive: true, encoding: 'utf8' })
        .filter((name) => name.endsWith('.html'))
        .map((name) => readFileSync(join(outDir, name), 'utf8'))
        .join('\n');
      const escapeHtml = (text: string) =>
        text
          .replace(/&/g, '&amp;')
          .replace(/</g, '&lt;')
          .replace(/>/g, '&gt;')
          .replace(/'/g, '&#39;')
          .replace(/"/g, '&quot;');
      const rendered = titles.filter(
        (title) => html.includes(title) || html.includes(escapeHtml(title)),
      ).length;
      const subject = `${tasks.length} items (${perFamily} × ${families.length} families + ${remaining} courses)`;
      return {
        rows: [
          {
            bench: 'Build',
            subject,
            metric: 'astro build',
            value: time,
            unit: 's',
            target: '≤ 60',
            ok: time.median <= 60,
          },
          {
            bench: 'Build',
            subject,
            metric: `seeding through the repository (${CONCURRENCY} at a time)`,
            value: seedMs / 1000,
            unit: 's',
          },
          {
            bench: 'Build',
            subject,
            metric: 'generated titles found in the built pages',
            value: `${rendered} of ${titles.length}`,
          },
        ],
        notes: [],
      };
    } finally {
      rmSync(outDir, { recursive: true, force: true });
      await sandbox.stop();
    }
  },
};
