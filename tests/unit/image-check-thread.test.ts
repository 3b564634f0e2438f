/**
 * The SVG check in its thread (src/server/image-check-thread.ts, server/image-check-worker.mjs):
 * the same answers as the check on the main thread, and the request loop free meanwhile.
 */
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../src/server/errors';
import { checkImageContentOffThread } from '../../src/server/image-check-thread';
import { checkImageContent } from '../../src/server/images';

const svg = (inner: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${inner}</svg>`);

describe('the SVG check in its thread', () => {
  it('accepts what the check accepts', async () => {
    const bytes = svg('<rect width="10" height="10" fill="#123"/>');
    await expect(checkImageContent(bytes, 'svg', 'image/svg+xml')).resolves.toBeUndefined();
    await expect(checkImageContentOffThread(bytes, 'svg', 'image/svg+xml')).resolves.toBeUndefined();
  });

  it('refuses what the check refuses, with the same status and words', async () => {
    for (const [bytes, mimeType] of [
      [svg('<script>alert(1)</script>'), undefined],
      [svg('<rect onclick="x()"/>'), undefined],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect>'), undefined],
      [svg('<rect/>'), 'image/png'],
    ] as const) {
      const inProcess = await checkImageContent(bytes, 'svg', mimeType).catch((error: HttpError) => error);
      const inThread = await checkImageContentOffThread(bytes, 'svg', mimeType).catch((error: HttpError) => error);
      expect(inProcess).toBeInstanceOf(HttpError);
      expect(inThread).toBeInstanceOf(HttpError);
      expect({ status: (inThread as HttpError).status, message: (inThread as HttpError).message }).toEqual({ status: (inProcess as HttpError).status, message: (inProcess as HttpError).message });
    }
  });

  it('checks several at once, each getting its own answer', async () => {
    const answers = await Promise.all([svg('<rect/>'), svg('<script/>'), svg('<circle r="1"/>')].map((bytes) => checkImageContentOffThread(bytes, 'svg', undefined).then(() => 'accepted', (error: Error) => error.message)));
    expect(answers).toEqual(['accepted', expect.stringContaining('<script>'), 'accepted']);
  });

  it('leaves the request loop free while it parses a large SVG', async () => {
    // 150,000 elements: about a second of parsing (the hostile review's 7 MB file).
    const bytes = svg('<g><rect x="1" y="1" width="2" height="2"/></g>'.repeat(75_000));
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 5);
    await checkImageContentOffThread(bytes, 'svg', undefined);
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(0);
  });
});
