/**
 * Copies the uploaded pictures the built pages show into the build output (`{outDir}/uploads/{folder}/{file}`).
 *
 * Why: Netlify drops every cached function response on each deploy, and each content edit ends in a deploy, so
 * every picture on the public pages cost one /uploads function invocation per deploy (the bench's cost model
 * missed its ≤ 20 invocations per 1,000 views on exactly that). As files of the deploy they are served by the CDN
 * like any static asset; the uploads function is `preferStatic`, so it only answers pictures uploaded since the
 * last build (admin previews, islands showing fresh content) and the build keeps working without them.
 *
 * Best effort on purpose: a picture that cannot be copied is logged and left to the function, because a cost
 * saving must never stop a content deploy.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ImageService } from './port.ts';
import {
  isImageFolder,
  mainFileName,
  parseImageFileName,
  suffixedWidthsOf,
  variantFileName,
} from './image-names.ts';

/** `/uploads/{folder}/{file}` in src, srcset or href attributes of built HTML (root-relative, as pages write them). */
const UPLOAD_REFERENCE = /\/uploads\/([a-z]+)\/([A-Za-z0-9_-]+\.webp)/g;
/** Parallel reads from the store: enough to hide latency, few enough for a function-sized Blobs quota. */
const PARALLEL_READS = 8;

export interface BakeReport {
  copied: string[];
  /** Referenced but not copied (missing from the store, or the read failed), with the reason. */
  skipped: { path: string; reason: string }[];
}

/**
 * The distinct `/uploads/…` files the HTML under `outDir` can show, sorted. A picture named anywhere (an img, or
 * only in an island's props, like a slider's later slides) counts with its whole srcset family, because the
 * browser picks the width.
 */
export async function referencedUploads(outDir: string): Promise<string[]> {
  const found = new Set<string>();
  for (const file of await htmlFiles(outDir)) {
    const html = await readFile(file, 'utf8');
    for (const [, folder = '', fileName = ''] of html.matchAll(UPLOAD_REFERENCE)) {
      const parsed = parseImageFileName(fileName);
      if (!isImageFolder(folder) || !parsed) continue;
      found.add(`/uploads/${folder}/${mainFileName(parsed.hash)}`);
      for (const width of suffixedWidthsOf(folder))
        found.add(`/uploads/${folder}/${variantFileName(parsed.hash, width)}`);
    }
  }
  return [...found].sort();
}

export async function bakeReferencedUploads(outDir: string, images: ImageService): Promise<BakeReport> {
  const report: BakeReport = { copied: [], skipped: [] };
  const queue = await referencedUploads(outDir);
  const worker = async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      const [, , folder = '', file = ''] = path.split('/');
      try {
        const image = isImageFolder(folder) ? await images.read(folder, file) : null;
        if (!image) {
          report.skipped.push({ path, reason: 'not in the image store' });
          continue;
        }
        const target = join(outDir, path);
        await mkdir(dirname(target), { recursive: true });
        await writeFile(target, new Uint8Array(image.body));
        report.copied.push(path);
      } catch (error) {
        report.skipped.push({ path, reason: error instanceof Error ? error.message : String(error) });
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_READS }, worker));
  report.copied.sort();
  return report;
}

/** Every built page (`.html` file) under `dir`. */
export async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name));
}
