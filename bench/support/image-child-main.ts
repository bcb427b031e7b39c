/**
 * Child process: one 12-megapixel JPEG through processImage, in a fresh process so its peak resident memory
 * belongs to this one run. Reports the time of processImage alone and the peak RSS of the process.
 */
import { existsSync, readFileSync } from 'node:fs';
import { processImage } from '../../src/server/images/image-pipeline.ts';

const file = process.argv[2];
if (!file || !process.send) throw new Error('usage: fork image-child-main.ts <jpeg>');
/**
 * Peak RSS of this process image, in KiB. Linux's getrusage maxRSS (process.resourceUsage) survives exec, so
 * a forked child would report its parent's size: VmHWM is the high-water mark of this process's own memory.
 */
const peakRssKb = () => {
  if (!existsSync('/proc/self/status')) return process.resourceUsage().maxRSS;
  const match = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
  return match ? Number(match[1]) : process.resourceUsage().maxRSS;
};

const bytes = new Uint8Array(readFileSync(file));
const baselineRssKb = peakRssKb();
const started = performance.now();
const image = await processImage(bytes);
const ms = performance.now() - started;
process.send(
  {
    ms,
    baselineRssKb,
    peakRssKb: peakRssKb(),
    variants: image.variants.map((variant) => `${variant.width}×${variant.height} ${variant.bytes.length} B`),
  },
  () => process.exit(0),
);
