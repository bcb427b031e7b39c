/**
 * Child process: one 12-megapixel JPEG through processImage, in a fresh process so its peak resident memory
 * (maxRSS) belongs to this one run. Reports the time of processImage alone and the peak RSS of the process.
 */
import { readFileSync } from 'node:fs';
import { processImage } from '../../src/server/images/image-pipeline.ts';

const file = process.argv[2];
if (!file || !process.send) throw new Error('usage: fork image-child-main.ts <jpeg>');
const bytes = new Uint8Array(readFileSync(file));
const baselineRssKb = process.resourceUsage().maxRSS;
const started = performance.now();
const image = await processImage(bytes);
const ms = performance.now() - started;
process.send(
  {
    ms,
    baselineRssKb,
    peakRssKb: process.resourceUsage().maxRSS,
    variants: image.variants.map((variant) => `${variant.width}×${variant.height} ${variant.bytes.length} B`),
  },
  () => process.exit(0),
);
