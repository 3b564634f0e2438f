/**
 * Uploads are checked a few at a time on the built production server (src/server/upload-work.ts):
 * a flood of costly uploads (each a 40-megapixel PNG to decode whole) beyond the queue is refused
 * at once with 503, Retry-After and `{ error }`, the uploads within it are stored, and a visitor's
 * page asked for during the flood is answered. An SVG is checked in its own thread there too.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PARALLEL_IMAGE_WORK } from '../../server/bounded-work.mjs';
import { MAX_QUEUED_UPLOADS } from '../../src/server/upload-work';
import { postJson, raw, type RawResponse } from '../helpers/http';
import { builtProdServer } from '../helpers/servers';
import { b64 } from './fixtures';

const TOKEN = 'upload-queue-test-token-0123456789';
const AUTH = { authorization: `Bearer ${TOKEN}` };
/** Uploads admitted at once: the ones being checked and the ones waiting for a slot. */
const ADMITTED = MAX_PARALLEL_IMAGE_WORK + MAX_QUEUED_UPLOADS;

let running: Awaited<ReturnType<typeof builtProdServer>>;
let origin: string;

beforeAll(async () => {
  running = await builtProdServer('upload-queue-prod', { CONTENT_API_TOKEN: TOKEN });
  origin = running.server.origin;
}, 300_000);

afterAll(() => running?.stop());

const upload = (filename: string, data: Buffer) => postJson(origin, '/api/upload-asset', { filename, data: b64(data) }, AUTH);

describe('uploads on the production server', () => {
  it('refuses the uploads beyond the queue with 503 and Retry-After, stores the others, and answers a visitor meanwhile', async () => {
    // 6300 × 6300 of one colour: about 100 KB to send, 40 megapixels (the cap) to decode.
    const costly = await sharp({ create: { width: 6300, height: 6300, channels: 3, background: '#2a6' } }).png().toBuffer();
    const flood = Array.from({ length: ADMITTED * 2 }, (_, index) => upload(`flood-${index}.png`, costly));
    // Asked once the flood is in; the uploads take seconds to check.
    await new Promise((resolve) => setTimeout(resolve, 200));
    // A page and an uploaded image: both are file reads, on the threads the uploads' decodes would take.
    const [page, image] = await Promise.all([raw(origin, { path: '/about/' }), raw(origin, { path: '/assets/images/hero-studio.webp' })]);
    const answers: RawResponse[] = await Promise.all(flood);

    expect(page.status).toBe(200);
    expect(page.text).toContain('</html>');
    expect(image.status).toBe(200);
    const stored = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 503);
    expect(stored.length + refused.length, answers.map((answer) => `${answer.status} ${answer.text}`).join('\n')).toBe(answers.length);
    expect(stored.length).toBeGreaterThanOrEqual(ADMITTED);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(answer.json()).toEqual({ error: expect.stringMatching(/^Too many images are being uploaded at once; try again in \d+ seconds$/) });
    }
    for (const answer of stored) {
      const { url } = answer.json<{ url: string }>();
      expect((await raw(origin, { path: url })).status).toBe(200);
    }
  });

  it('takes uploads again once the flood is checked', async () => {
    const small = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#a26' } }).png().toBuffer();
    const answer = await upload('after-flood.png', small);
    expect(answer.status, answer.text).toBe(200);
  });

  it('checks an SVG in its thread: a clean one is stored, a scripted one refused in words', async () => {
    const clean = await upload('badge.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4"/></svg>'));
    expect(clean.status, clean.text).toBe(200);
    const scripted = await upload('scripted.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
    expect(scripted.status).toBe(400);
    expect(scripted.json()).toEqual({ error: expect.stringContaining('SVG refused: the element <script> is not allowed') });
  });
});
