/**
 * Uploads are checked a few at a time on the built production server (src/server/upload-work.ts):
 * a flood of costly uploads (each a 40-megapixel PNG to decode whole) beyond the queue is refused
 * at once with 503, Retry-After and `{ error }`, the uploads within it are stored, and a visitor's
 * page asked for during the flood is answered. An SVG is checked in its own thread there too.
 */
import { connect } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PARALLEL_IMAGE_WORK } from '../../server/bounded-work.mjs';
import { BODY_IDLE_SECONDS } from '../../src/server/body';
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

  it('gives up a body that stops arriving (408), so stalled uploads hold the queue for seconds, not the five minutes of Node\'s request timeout', async () => {
    // Headers and the start of a body, then nothing: what a review's six connections did to refuse every upload.
    const stalled = Array.from({ length: ADMITTED }, () => stalledUpload());
    await new Promise((resolve) => setTimeout(resolve, 500));
    const meanwhile = await upload('while-stalled.png', await sharp({ create: { width: 8, height: 8, channels: 3, background: '#62a' } }).png().toBuffer());
    expect(meanwhile.status, meanwhile.text).toBe(503);
    const answers = await Promise.all(stalled);
    for (const answer of answers) {
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(answer).toContain(`"error":"The request stopped arriving: nothing came for ${BODY_IDLE_SECONDS} seconds. Check the connection and try again"`);
    }
    const after = await upload('after-stall.png', await sharp({ create: { width: 8, height: 8, channels: 3, background: '#2a6' } }).png().toBuffer());
    expect(after.status, after.text).toBe(200);
  }, (BODY_IDLE_SECONDS + 30) * 1000);
});

/** An upload that sends its headers and 30 bytes of its declared body, then nothing: resolves with what the server answered. */
function stalledUpload(): Promise<string> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(`POST /api/upload-asset HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: ${AUTH.authorization}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"filename":"stalled.png","data":"`);
    });
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      if (answer.includes('\r\n\r\n') && answer.includes('}')) socket.destroy();
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

