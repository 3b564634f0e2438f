import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OFF_PAGE_COMPRESSION, compressionFor, PAGE_COMPRESSION, precompressFolder, wroteCompressed } from '../../server/precompress.mjs';

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

  it('compresses what no page load waits for (the editor’s code bundles, the sitemaps) at brotli 9, and what visitors share at the best ratio', async () => {
    const code = join(dir, '_astro');
    await mkdir(code);
    const script = Buffer.from('export function editor(a, b) { return a + b * 2; }\n'.repeat(400));
    const sitemap = Buffer.from('<url><loc>https://example.com/page/</loc></url>\n'.repeat(400));
    await writeFile(join(code, 'EditorApp.abc123.js'), script);
    await writeFile(join(dir, 'sitemap-0.xml'), sitemap);
    const feed = Buffer.from('<item><title>A post</title><link>https://example.com/posts/a/</link></item>\n'.repeat(200));
    await writeFile(join(dir, 'rss.xml'), feed);
    await precompressFolder(dir, code);

    const brotliAt = (bytes: Buffer, quality: number) => brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
    expect((await readFile(join(code, 'EditorApp.abc123.js.br'))).equals(brotliAt(script, 9))).toBe(true);
    expect((await readFile(join(dir, 'sitemap-0.xml.br'))).equals(brotliAt(sitemap, 9))).toBe(true);
    expect((await readFile(join(dir, 'rss.xml.br'))).equals(brotliAt(feed, 11))).toBe(true);
    await expectSiblingsOf(join(code, 'EditorApp.abc123.js'), script);
  });

  it('tells pages, code bundles and shared files apart by where they are, not by name alone', () => {
    const code = join(dir, '_astro');
    expect(compressionFor(join(dir, 'about', 'index.html'), { root: dir, codeDir: code })).toBe(PAGE_COMPRESSION);
    for (const name of ['client.B6Mseuk0.js', 'PageBody.BuHg4Rkk.css', 'chunk.mjs']) expect(compressionFor(join(code, name), { root: dir, codeDir: code }), name).toBe(OFF_PAGE_COMPRESSION);
    // A script outside the assets folder, a folder that merely starts with its name, and an SVG inside it are compressed at the best ratio.
    for (const file of [join(dir, 'widget.js'), join(`${code}-old`, 'x.js'), join(code, 'logo.svg')]) expect(compressionFor(file, { root: dir, codeDir: code }), file).toEqual({});
    expect(compressionFor(join(code, 'x.js'), { root: dir })).toEqual({});
    for (const name of ['sitemap-index.xml', 'sitemap-0.xml']) expect(compressionFor(join(dir, name), { root: dir, codeDir: code }), name).toBe(OFF_PAGE_COMPRESSION);
    // Astro names the static folder with a trailing slash.
    expect(compressionFor(join(dir, 'sitemap-0.xml'), { root: `${dir}/`, codeDir: code })).toBe(OFF_PAGE_COMPRESSION);
    // Only the sitemaps the build writes at the top: a page's own file of that name, deeper, is compressed as shared text.
    for (const file of [join(dir, 'rss.xml'), join(dir, 'favicon.svg'), join(dir, 'mysitemap.xml'), join(dir, 'docs', 'sitemap-0.xml')]) expect(compressionFor(file, { root: dir, codeDir: code }), file).toEqual({});
  });
});
