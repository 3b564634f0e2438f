import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressFolder, wroteCompressed } from '../../server/precompress.mjs';

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

  it('passes by a page written with its compressed siblings, and compresses every other text file', async () => {
    const rendered = page('rendered ');
    const file = join(dir, 'index.html');
    await writeFile(file, rendered);
    await writeFile(`${file}.br`, 'the render worker\'s brotli');
    await writeFile(`${file}.gz`, 'the render worker\'s gzip');
    wroteCompressed(file, rendered.length, 27);
    const css = Buffer.from('body { color: black; }\n'.repeat(100));
    await writeFile(join(dir, 'site.css'), css);

    const totals = await precompressFolder(dir);

    expect(totals).toMatchObject({ files: 2, ready: 1 });
    expect(totals.bytes).toBe(rendered.length + css.length);
    expect(await readFile(`${file}.br`, 'utf8')).toBe('the render worker\'s brotli');
    expect(await readFile(`${file}.gz`, 'utf8')).toBe('the render worker\'s gzip');
    await expectSiblingsOf(join(dir, 'site.css'), css);
  });

  it('compresses a page that was not recorded, and forgets what it recorded once done', async () => {
    const file = join(dir, 'index.html');
    const written = page('as written ');
    await writeFile(file, written);
    wroteCompressed(join(dir, 'other.html'), 1, 1);

    expect((await precompressFolder(dir)).ready).toBe(0);
    await expectSiblingsOf(file, written);

    // A record is for one build: the next build of the same folder compresses the page again.
    wroteCompressed(file, written.length, 1);
    await precompressFolder(dir);
    await writeFile(file, page('rebuilt '));
    expect((await precompressFolder(dir)).ready).toBe(0);
    await expectSiblingsOf(file, page('rebuilt '));
  });
});
