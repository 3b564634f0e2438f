/**
 * A photo's location never reaches the site, against a real `astro dev` on a copy of the project:
 * an upload that records a GPS position is stored and served without it, the same way up and with
 * its colour profile, and the answer says so (X-Location-Removed); any other upload is stored byte
 * for byte; the upload contract (200 again for the same file, 409 for another) still holds.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { devApiForTests } from '../helpers/dev-api';
import { factsOf, phonePhoto, STORED_HEIGHT, STORED_WIDTH, type PhotoFormat } from '../helpers/gps-photos';
import { raw } from '../helpers/http';
import { b64 } from './fixtures';

const api = devApiForTests('upload-location-dev');
const { assetsDir, upload, refused } = api;

const EXTENSIONS: Record<PhotoFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };
const stored = (name: string) => readFile(join(assetsDir(), name));

describe('an upload that records where the photo was taken', () => {
  it.each<PhotoFormat>(['jpeg', 'png', 'webp'])('%s: stored and served without its GPS position, the same way up, with its colour profile', async (format) => {
    const name = `phone-photo.${EXTENSIONS[format]}`;
    const photo = await phonePhoto(format);
    const sent = await factsOf(photo);
    expect(sent.gps).toBe(true);
    const response = await upload({ filename: name, data: b64(photo) });
    expect(response.status, response.text).toBe(200);
    expect(response.json()).toEqual({ url: `/assets/images/${name}` });
    expect(response.headers['x-location-removed']).toBe('true');

    const onDisk = await stored(name);
    const served = await raw(api.origin, { path: `/assets/images/${name}` });
    expect(served.status).toBe(200);
    expect(served.body.equals(onDisk)).toBe(true);
    const kept = await factsOf(served.body);
    expect(kept).toMatchObject({ gps: false, format, width: STORED_HEIGHT, height: STORED_WIDTH });
    expect(kept.icc?.equals(sent.icc!)).toBe(true);
  });

  it('the same photo again is 200 (no change), another photo under its name 409, and Replace stores it without its position too', async () => {
    const photo = await phonePhoto('jpeg');
    for (let time = 0; time < 2; time += 1) {
      const response = await upload({ filename: 'twice.jpg', data: b64(photo), mimeType: 'image/jpeg' });
      expect(response.status, response.text).toBe(200);
      expect(response.headers['x-location-removed']).toBe('true');
    }
    const first = await stored('twice.jpg');
    const another = await phonePhoto('jpeg');
    expect(another.equals(photo)).toBe(false); // its noise is drawn anew
    await refused(() => upload({ filename: 'twice.jpg', data: b64(another) }), 409);
    expect((await stored('twice.jpg')).equals(first)).toBe(true);
    const replaced = await upload({ filename: 'twice.jpg', data: b64(another), overwrite: true });
    expect(replaced.status, replaced.text).toBe(200);
    const now = await stored('twice.jpg');
    expect(now.equals(first)).toBe(false);
    expect((await factsOf(now)).gps).toBe(false);
  });

  it('the checks judge the file as sent: a GPS photo that lies about its type is refused, and nothing is written', async () => {
    const png = await phonePhoto('png');
    const refusal = await refused(() => upload({ filename: 'liar.jpg', data: b64(png) }), 400);
    expect(refusal.json().error).toMatch(/png/i);
  });

  it('the media library no longer flags it', async () => {
    const details = (await raw(api.origin, { path: '/api/asset-details' })).json() as { url: string; hasGps: boolean }[];
    const photo = details.find((entry) => entry.url === '/assets/images/phone-photo.jpg');
    expect(photo).toMatchObject({ hasGps: false, width: STORED_HEIGHT, height: STORED_WIDTH });
  });
});

describe('an upload that records no position', () => {
  it.each<PhotoFormat>(['jpeg', 'png', 'webp'])('%s: stored byte for byte as sent, with no X-Location-Removed', async (format) => {
    const name = `no-position.${EXTENSIONS[format]}`;
    const photo = await phonePhoto(format, { gps: false });
    const response = await upload({ filename: name, data: b64(photo) });
    expect(response.status, response.text).toBe(200);
    expect(response.headers['x-location-removed']).toBeUndefined();
    expect((await stored(name)).equals(photo)).toBe(true);
    // And again: the same bytes are no change.
    expect((await upload({ filename: name, data: b64(photo) })).status).toBe(200);
  });
});
