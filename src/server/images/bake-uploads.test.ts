import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { startBlobsServer, useImageStore } from '../../../tests/support/blobs-server.ts';
import { imageSrcSet } from '../../lib/image-url.ts';
import { BLOB_STORES } from '../repository/keys.ts';
import { bakeReferencedUploads, referencedUploads } from './bake-uploads.ts';
import { pngWithAlpha } from './image-fixtures.ts';
import { createImageService } from './image-service.ts';
import type { ImageService } from './port.ts';

const fixture = useImageStore();
let images: ImageService;
let outDir: string;

beforeEach(async () => {
  images = fixture.images;
  outDir = await mkdtemp(join(tmpdir(), 'bake-uploads-'));
  return () => rm(outDir, { recursive: true, force: true });
});

async function writePage(path: string, html: string): Promise<void> {
  await mkdir(join(outDir, path, '..'), { recursive: true });
  await writeFile(join(outDir, path), html);
}

describe('bakeReferencedUploads', () => {
  it('copies every picture the pages reference (src and srcset), byte for byte, and nothing else', async () => {
    const shown = await images.store('services', new Blob([await pngWithAlpha(1000, 700)]));
    const unused = await images.store('careers', new Blob([await pngWithAlpha(300, 200)]));
    const srcset = imageSrcSet(shown.fileName, 'services');
    await writePage(
      'services.html',
      `<img src="/uploads/services/${shown.fileName}" srcset="${srcset}" alt="">`,
    );
    // Named only in an island's props (a slider's later slide): the whole srcset family is still shipped.
    const slide = await images.store('content', new Blob([await pngWithAlpha(600, 400)]));
    await writePage(
      'nested/page.html',
      `<astro-island props="{&quot;image&quot;:[0,&quot;/uploads/content/${slide.fileName}&quot;]}"></astro-island>`,
    );

    const report = await bakeReferencedUploads(outDir, images);

    const hash = shown.fileName.slice(0, 32);
    const slideHash = slide.fileName.slice(0, 32);
    expect(report.skipped).toEqual([]);
    // A 1000 px picture has no -800 file; the srcset names one anyway and read() answers it with the main file.
    expect(report.copied).toEqual([
      // A full-width picture's wide file too; the 600 px slide has none, so the main file stands in for it.
      `/uploads/content/${slideHash}-1920.webp`,
      `/uploads/content/${slideHash}-400.webp`,
      `/uploads/content/${slideHash}-800.webp`,
      `/uploads/content/${slideHash}.webp`,
      `/uploads/services/${hash}-400.webp`,
      `/uploads/services/${hash}-800.webp`,
      `/uploads/services/${hash}.webp`,
    ]);
    for (const path of report.copied) {
      const [, , folder, file] = path.split('/') as [string, string, 'content' | 'services', string];
      const served = await images.read(folder, file);
      expect(await readFile(join(outDir, path))).toEqual(Buffer.from(served!.body));
    }
    expect(existsSync(join(outDir, 'uploads', 'careers', unused.fileName))).toBe(false);
  });

  it('leaves pictures it cannot copy to the uploads function and says why, without failing the build', async () => {
    const missing = `${'a'.repeat(32)}.webp`;
    await writePage(
      'index.html',
      `<img src="/uploads/content/${missing}"><img src="/uploads/other/${missing}">`,
    );
    const family = [
      `${'a'.repeat(32)}-1920.webp`,
      `${'a'.repeat(32)}-400.webp`,
      `${'a'.repeat(32)}-800.webp`,
      missing,
    ].map((name) => `/uploads/content/${name}`);
    expect(await referencedUploads(outDir)).toEqual(family);

    const report = await bakeReferencedUploads(outDir, images);
    expect(report.copied).toEqual([]);
    expect(report.skipped.toSorted((a, b) => a.path.localeCompare(b.path))).toEqual(
      family.map((path) => ({ path, reason: 'not in the image store' })),
    );

    const stopped = await startBlobsServer();
    const down = createImageService({ store: stopped.getStore(BLOB_STORES.images), timeoutMs: 500 });
    await stopped.stop();
    const failed = await bakeReferencedUploads(outDir, down);
    expect(failed.copied).toEqual([]);
    expect(failed.skipped).toHaveLength(family.length);
    expect(failed.skipped[0]?.reason).toMatch(/Image store read failed/);
    expect(existsSync(join(outDir, 'uploads'))).toBe(false);
  });
});
