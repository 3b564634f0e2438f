/**
 * Which copy of an uploaded image the servers answer with (server/uploaded-images.mjs), over real
 * HTTP: the content's own folder decides, and the build's copy is used only while it holds the
 * same bytes (an SVG's precompressed forms). "The newer copy wins" once answered two images that
 * swapped names with each other's build copies, since a move keeps a file's mtime.
 */
import { createServer, type Server } from 'node:http';
import { mkdir, mkdtemp, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serveUploadedImage } from '../../server/uploaded-images.mjs';

let root: string;
let content: string;
let built: string;
let server: Server;
let origin: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'uploaded-images-'));
  [content, built] = [join(root, 'content'), join(root, 'dist')];
  await Promise.all([mkdir(content), mkdir(built)]);
  server = createServer((request, response) => {
    void serveUploadedImage(request, response, new URL(request.url!, 'http://x').pathname, [content, built]).then((served) => served || response.writeHead(418).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(root, { recursive: true, force: true });
});

const get = async (name: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${origin}/assets/images/${name}`, { headers });
  return { status: response.status, encoding: response.headers.get('content-encoding'), etag: response.headers.get('etag'), body: Buffer.from(await response.arrayBuffer()) };
};
const SVG = (colour: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1" fill="${colour}"/></svg>`);

describe('an uploaded image', () => {
  it('is answered with the content’s bytes after two images swapped names, though the build’s copies are newer', async () => {
    const [first, second] = [Buffer.from('first image bytes'), Buffer.from('second image, other bytes')];
    const past = new Date(Date.now() - 3_600_000);
    for (const [name, bytes] of [['a.png', first], ['b.png', second]] as const) {
      await writeFile(join(content, name), bytes);
      await utimes(join(content, name), past, past);
      await writeFile(join(built, name), bytes); // the build's copy, made after
    }
    // The swap, as the content store's moves make it: renames, which keep each file's mtime.
    await rename(join(content, 'a.png'), join(content, 'swap.png'));
    await rename(join(content, 'b.png'), join(content, 'a.png'));
    await rename(join(content, 'swap.png'), join(content, 'b.png'));
    expect((await get('a.png')).body).toEqual(second);
    expect((await get('b.png')).body).toEqual(first);
  });

  it('is not answered from the build once the content has no such image', async () => {
    await writeFile(join(built, 'gone.png'), 'withdrawn photo');
    expect((await get('gone.png')).status).toBe(404);
  });

  it('is an SVG answered with the build’s precompressed form while the build’s copy holds the same bytes, and with the content’s bytes once they differ', async () => {
    await writeFile(join(content, 'mark.svg'), SVG('red'));
    await writeFile(join(built, 'mark.svg'), SVG('red'));
    await writeFile(join(built, 'mark.svg.br'), brotliCompressSync(SVG('red')));
    const compressed = await get('mark.svg', { 'accept-encoding': 'br' });
    expect(compressed.encoding).toBe('br');
    expect(compressed.body).toEqual(SVG('red'));

    // Replaced by one of the same length: only the bytes tell them apart.
    await writeFile(join(content, 'mark.svg'), SVG('tan'));
    const replaced = await get('mark.svg', { 'accept-encoding': 'br' });
    expect(replaced.encoding).toBeNull();
    expect(replaced.body).toEqual(SVG('tan'));
  });

  it('changes its ETag when another file is moved onto its name, though that file has the same size and mtime', async () => {
    const when = new Date(Date.now() - 60_000);
    for (const [name, text] of [['x.png', 'same size one'], ['y.png', 'same size two']]) {
      await writeFile(join(content, name), text);
      await utimes(join(content, name), when, when);
    }
    const before = (await get('x.png')).etag;
    await rename(join(content, 'y.png'), join(content, 'x.png'));
    const after = await get('x.png');
    expect(after.body.toString()).toBe('same size two');
    expect(after.etag).not.toBe(before);
  });
});
