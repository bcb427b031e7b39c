import { describe, expect, it } from 'vitest';
import { functionFileSizes, oversizedFunctionFiles } from './function-file-sizes.ts';

describe('files reached by netlify/functions/*', () => {
  it('are followed from the function files through their imports', () => {
    const sizes = functionFileSizes(process.cwd());
    expect(sizes.has('netlify/functions/api.mts')).toBe(true);
    expect(sizes.has('src/families/index.ts')).toBe(true);
  });

  it('stay within 400 lines: a file that grows past it is split along its seams', () => {
    expect(Object.fromEntries(oversizedFunctionFiles(process.cwd()))).toEqual({});
  });
});
