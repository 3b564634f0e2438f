/**
 * Uploads and the image list against a real `astro dev` server on a copy of the project: every
 * format, every refusal (with nothing written anywhere), and the temp files of crashed writes.
 */
import { mkdir, readFile, readdir, rename, symlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { devApiForTests, expectError, MAX_UPLOAD } from '../helpers/dev-api';
import { raw } from '../helpers/http';
import { b64, cleanSvg, exe, hostileSvgs, pixel, pngBomb } from './fixtures';

const api = devApiForTests('dev-uploads');
const { dataFile, assetsDir, readJson, save, upload, refused } = api;

describe('POST /api/upload-asset and GET /api/list-assets', () => {
  it('stores an upload, lists it, and serves its bytes with nosniff', async () => {
    const png = await pixel('png');
    const response = await upload({ filename: 'test-pixel.png', data: b64(png), mimeType: 'image/png' });
    expect(response.status, response.text).toBe(200);
    expect(response.json()).toEqual({ url: '/assets/images/test-pixel.png' });
    expect((await raw(api.origin, { path: '/api/list-assets' })).json()).toContain('/assets/images/test-pixel.png');
    const served = await raw(api.origin, { path: '/assets/images/test-pixel.png' });
    expect(served.status).toBe(200);
    expect(served.body.equals(png)).toBe(true);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('accepts every supported format, with the type inferred from the extension', async () => {
    for (const [name, bytes] of [
      ['photo.jpg', await pixel('jpeg')],
      ['photo-b.jpeg', await pixel('jpeg', '#ff0000')],
      ['modern.webp', await pixel('webp')],
      ['anim.gif', await pixel('gif')],
      ['UPPER.PNG', await pixel('png', '#00ff00')],
    ] as const) {
      const response = await upload({ filename: name, data: b64(bytes) });
      expect(response.status, `${name}: ${response.text}`).toBe(200);
    }
  });

  it('accepts a clean SVG and serves it with a restrictive CSP', async () => {
    expect((await upload({ filename: 'logo.svg', data: b64(cleanSvg), mimeType: 'image/svg+xml' })).status).toBe(200);
    const served = await raw(api.origin, { path: '/assets/images/logo.svg' });
    expect(served.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('is idempotent for identical bytes, 409 for different bytes, and overwrites on request', async () => {
    const first = await pixel('png', '#111111');
    const second = await pixel('png', '#222222');
    expect((await upload({ filename: 'same.png', data: b64(first) })).status).toBe(200);
    expect((await upload({ filename: 'same.png', data: b64(first) })).status).toBe(200);
    const conflict = await refused(() => upload({ filename: 'same.png', data: b64(second) }), 409);
    expect(conflict.json().error).toMatch(/overwrite/);
    expect((await upload({ filename: 'same.png', data: b64(second), overwrite: true })).status).toBe(200);
    expect((await readFile(join(assetsDir(), 'same.png'))).equals(second)).toBe(true);
  });

  it.each<[string, () => Promise<unknown>]>([
    ['missing filename', async () => ({ data: b64(await pixel('png')) })],
    ['data not a string', async () => ({ filename: 'a.png', data: 123 })],
    ['data URL prefix', async () => ({ filename: 'a.png', data: `data:image/png;base64,${b64(await pixel('png'))}` })],
    ['malformed base64', async () => ({ filename: 'a.png', data: 'iVBORw0KGgo%%%=' })],
    ['base64 with bad length', async () => ({ filename: 'a.png', data: 'abc' })],
    ['an .exe renamed to .png', async () => ({ filename: 'setup.png', data: b64(exe) })],
    ['an .exe with an image MIME type', async () => ({ filename: 'setup.gif', data: b64(exe), mimeType: 'image/gif' })],
    ['PNG bytes named .jpg', async () => ({ filename: 'photo.jpg', data: b64(await pixel('png')) })],
    ['mimeType that disagrees', async () => ({ filename: 'a.png', data: b64(await pixel('png')), mimeType: 'image/jpeg' })],
    ['mimeType of HTML', async () => ({ filename: 'a.png', data: b64(await pixel('png')), mimeType: 'text/html' })],
    ['GIF header in front of HTML', async () => ({ filename: 'poly.gif', data: b64('GIF89a<html><script>alert(1)</script></html>') })],
    ['a truncated PNG', async () => ({ filename: 'cut.png', data: b64((await pixel('png')).subarray(0, 20)) })],
    ['a decompression bomb', async () => ({ filename: 'bomb.png', data: b64(await pngBomb()) })],
    ['path traversal in filename', async () => ({ filename: '../../src/data/pages/home.png', data: b64(await pixel('png')) })],
    ['a separator in filename', async () => ({ filename: 'sub/dir.png', data: b64(await pixel('png')) })],
    ['a backslash in filename', async () => ({ filename: '..\\evil.png', data: b64(await pixel('png')) })],
    ['a double extension', async () => ({ filename: 'shell.php.png', data: b64(await pixel('png')) })],
    ['a leading dot', async () => ({ filename: '.htaccess.png', data: b64(await pixel('png')) })],
    ['no extension', async () => ({ filename: 'noext', data: b64(await pixel('png')) })],
    ['an unknown extension', async () => ({ filename: 'tool.exe', data: b64(exe) })],
    ['a NUL byte', async () => ({ filename: 'a\u0000.png', data: b64(await pixel('png')) })],
    ['a control character', async () => ({ filename: 'a\u001b.png', data: b64(await pixel('png')) })],
    ['a 101-character name', async () => ({ filename: `${'a'.repeat(97)}.png`, data: b64(await pixel('png')) })],
    ['a reserved Windows name', async () => ({ filename: 'con.png', data: b64(await pixel('png')) })],
    ...Object.entries(hostileSvgs).map(([name, svg]): [string, () => Promise<unknown>] => [`an SVG with ${name}`, async () => ({ filename: 'x.svg', data: b64(svg) })]),
  ])('refuses %s with 400', async (_name, makeBody) => {
    await refused(async () => upload(await makeBody()), 400);
  });

  it('answers 413 over the size cap, from the base64 length and from Content-Length, without reading the body', async () => {
    const big = Buffer.alloc(MAX_UPLOAD + 1, 0);
    await refused(() => upload({ filename: 'big.png', data: b64(big) }), 413);
    await refused(
      () => raw(api.origin, { method: 'POST', path: '/api/upload-asset', headers: { 'content-type': 'application/json', origin: api.origin, 'content-length': 1024 ** 3 }, withholdBody: true }),
      413,
    );
  });

  it('applies the write guards to uploads', async () => {
    const body = { filename: 'guarded.png', data: b64(await pixel('png')) };
    await refused(() => upload(body, { origin: 'https://evil.test' }), 403);
    await refused(() => upload(body, { host: 'evil.test' }), 403);
    await refused(() => upload(body, { 'content-type': 'text/plain' }), 415);
  });

  it('lists only image files, sorted by code point, leaving out dotfiles, temp files, folders and symlinks', async () => {
    const dir = assetsDir();
    await writeFile(join(dir, '.hidden.png'), 'x');
    await writeFile(join(dir, '.tmp-upload.png.123.abc'), 'x');
    await writeFile(join(dir, 'notes.txt'), 'x');
    await mkdir(join(dir, 'folder.png'));
    await symlink(join(dir, 'logo.svg'), join(dir, 'link.svg'));
    await writeFile(join(dir, 'Zebra.png'), await pixel('png'));
    await writeFile(join(dir, 'émoji.png'), await pixel('png'));
    const list: string[] = (await raw(api.origin, { path: '/api/list-assets' })).json();
    const names = list.map((url) => url.replace('/assets/images/', ''));
    expect(list.every((url) => url.startsWith('/assets/images/'))).toBe(true);
    for (const hidden of ['.hidden.png', '.tmp-upload.png.123.abc', 'notes.txt', 'folder.png', 'link.svg']) expect(names).not.toContain(hidden);
    expect(names).toEqual(expect.arrayContaining(['Zebra.png', 'émoji.png', 'hero-studio.webp', 'test-pixel.png']));
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(names.indexOf('Zebra.png')).toBeLessThan(names.indexOf('anim.gif'));
    expect(names.indexOf('émoji.png')).toBe(names.length - 1);
  });

  it('answers 500 with a JSON error when the folder cannot be read', async () => {
    const dir = assetsDir();
    await rename(dir, `${dir}-away`);
    try {
      const body = expectError(await raw(api.origin, { path: '/api/list-assets' }), 500);
      expect(body.error).toMatch(/ENOENT/);
    } finally {
      await rename(`${dir}-away`, dir);
    }
  });
});

describe('temp files of crashed writes', () => {
  it('are removed by the next save to their folder, and never listed', async () => {
    const stalePage = dataFile('pages/.tmp-about.json.999.deadbeef');
    const staleImage = join(assetsDir(), '.tmp-photo.png.999.deadbeef');
    await writeFile(stalePage, '{"torn":');
    await writeFile(staleImage, 'partial');
    const anHourAgo = new Date(Date.now() - 60 * 60 * 1000);
    await utimes(stalePage, anHourAgo, anHourAgo);
    await utimes(staleImage, anHourAgo, anHourAgo);
    expect((await raw(api.origin, { path: '/api/list-assets' })).text).not.toContain('.tmp-');

    const about = await readJson('pages/about.json');
    expect((await save({ projectState: { pages: { about } }, slug: 'about' })).status).toBe(200);
    expect((await upload({ filename: 'after-crash.png', data: b64(await pixel('png', '#010203')) })).status).toBe(200);
    expect(await readdir(dataFile('pages'))).not.toContain('.tmp-about.json.999.deadbeef');
    expect(await readdir(assetsDir())).not.toContain('.tmp-photo.png.999.deadbeef');
  });
});
