/**
 * 4. Image pipeline: a generated 12-megapixel photo-like JPEG (4000×3000, under the 5 MB upload limit) through
 * processImage, five times, each in a fresh child process so time and peak memory are those of one upload on a
 * cold function instance (sharp already loaded; the decode and every variant are timed).
 */
import { fork } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { Benchmark } from './support/context.ts';
import { spread } from './support/stats.ts';

const RUNS = 5;
const WIDTH = 4000;
const HEIGHT = 3000;

/** Smooth gradients, soft shapes and fine grain, so the JPEG compresses like a photo (a few MB), not like noise. */
export async function generatePhoto(file: string): Promise<number> {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  for (let y = 0; y < HEIGHT; y += 1) {
    for (let x = 0; x < WIDTH; x += 1) {
      const offset = (y * WIDTH + x) * 3;
      const wave = Math.sin(x / 97) * Math.cos(y / 131) * 40 + Math.sin((x + y) / 23) * 12;
      const grain = (random() - 0.5) * 24;
      pixels[offset] = Math.max(0, Math.min(255, (x / WIDTH) * 180 + 40 + wave + grain));
      pixels[offset + 1] = Math.max(0, Math.min(255, (y / HEIGHT) * 160 + 50 - wave + grain));
      pixels[offset + 2] = Math.max(0, Math.min(255, 120 + wave * 1.5 + grain));
    }
  }
  await sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 85 })
    .withMetadata({ orientation: 1 })
    .toFile(file);
  return statSync(file).size;
}

interface ChildResult {
  ms: number;
  baselineRssKb: number;
  peakRssKb: number;
  variants: string[];
}

function runChild(file: string): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./support/image-child-main.ts', import.meta.url)), [file], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let result: ChildResult | undefined;
    child.on('message', (message: ChildResult) => (result = message));
    child.once('exit', (code) =>
      result ? resolve(result) : reject(new Error(`image child exited (${code}) without a result`)),
    );
  });
}

export const imagePipelineBenchmark: Benchmark = {
  name: 'images',
  title: 'Image pipeline',
  async run(context) {
    mkdirSync(context.workDir, { recursive: true });
    const file = join(context.workDir, 'photo-12mp.jpg');
    const size = await generatePhoto(file);
    const results: ChildResult[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      context.log(`image pipeline run ${run + 1}/${RUNS}`);
      results.push(await runChild(file));
    }
    const mb = (kb: number) => kb / 1024;
    const time = spread(results.map((result) => result.ms));
    const peak = spread(results.map((result) => mb(result.peakRssKb)));
    const subject = `${WIDTH}×${HEIGHT} JPEG, ${(size / 1e6).toFixed(1)} MB`;
    return {
      rows: [
        {
          bench: 'Images',
          subject,
          metric: 'processImage time',
          value: time,
          unit: 'ms',
          target: '≤ 1500',
          ok: time.median <= 1500,
        },
        {
          bench: 'Images',
          subject,
          metric: 'peak RSS of the process',
          value: peak,
          unit: 'MiB',
          target: '≤ 300',
          ok: peak.max <= 300,
        },
        {
          bench: 'Images',
          subject,
          metric: 'RSS before processing',
          value: spread(results.map((result) => mb(result.baselineRssKb))),
          unit: 'MiB',
        },
      ],
      notes: [
        `Images: variants produced: ${results[0]?.variants.join(', ')}. Peak RSS is the whole Node process (runtime + sharp + pipeline), each run in a fresh child process; the target is checked against the largest run.`,
      ],
    };
  },
};
