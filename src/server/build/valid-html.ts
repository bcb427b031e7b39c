/** The HTML mends of src/lib/html-mends.ts, applied to every page the build wrote. */
import { readFile, writeFile } from 'node:fs/promises';
import { mendHtml } from '../../lib/html-mends.ts';
import { htmlFiles } from '../images/bake-uploads.ts';

export { hoistIslandStyle, spaceRefreshUrl } from '../../lib/html-mends.ts';

/** Rewrites every built page that needs either mend; answers how many it changed. */
export async function mendBuiltHtml(outDir: string): Promise<number> {
  let changed = 0;
  for (const file of await htmlFiles(outDir)) {
    const html = await readFile(file, 'utf8');
    const mended = mendHtml(html);
    if (mended === html) continue;
    await writeFile(file, mended);
    changed += 1;
  }
  return changed;
}
