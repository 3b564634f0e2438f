import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compressWhileRendering, precompressFolder } from '../../server/precompress.mjs';

const page = (text: string) => Buffer.from(`<!doctype html><html><body>${text.repeat(200)}</body></html>`);

describe('precompressing the build output', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cse-precompress-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  async function expectSiblingsOf(file: string, bytes: Buffer) {
    expect(brotliDecompressSync(await readFile(`${file}.br`)).equals(bytes)).toBe(true);
    expect(gunzipSync(await readFile(`${file}.gz`)).equals(bytes)).toBe(true);
  }

  it('writes the forms of a page compressed while rendering, and compresses every other text file', async () => {
    const rendered = page('rendered ');
    compressWhileRendering(rendered);
    await writeFile(join(dir, 'index.html'), rendered);
    const css = Buffer.from('body { color: black; }\n'.repeat(100));
    await writeFile(join(dir, 'site.css'), css);

    const totals = await precompressFolder(dir);

    expect(totals).toMatchObject({ files: 2, ready: 1 });
    await expectSiblingsOf(join(dir, 'index.html'), rendered);
    await expectSiblingsOf(join(dir, 'site.css'), css);
  });

  it('matches a page by its bytes: a file that differs from what was rendered is compressed from the file', async () => {
    compressWhileRendering(page('as rendered '));
    const written = page('as written ');
    await writeFile(join(dir, 'index.html'), written);

    const totals = await precompressFolder(dir);

    expect(totals.ready).toBe(0);
    await expectSiblingsOf(join(dir, 'index.html'), written);
  });
});
