/** The dev server's first guard, decided from the request line and headers alone. */
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { devRequestProblem } from '../../src/server/dev-guard';
import { tooLargeMessage } from '../../src/server/body';
import { MAX_AUTH_BODY_BYTES, MAX_SAVE_BYTES } from '../../src/server/limits';

const request = (url: string, host: string, method = 'GET') => ({ url, method, headers: { host } }) as unknown as IncomingMessage;

describe('devRequestProblem', () => {
  it('answers the API through a host name that is not loopback (DNS rebinding) with a JSON-ready 403', () => {
    expect(devRequestProblem(request('/api/editor/state', 'evil.example:4321'))).toEqual([403, 'The dev server answers its API only through a localhost address']);
  });

  it('leaves loopback names, and IP addresses (which cannot be rebound, and `astro dev --host` serves), to go on', () => {
    for (const host of ['localhost:4321', 'app.localhost:4321', '127.0.0.1:4321', '[::1]:4321', '192.168.1.20:4321', '[fe80::1]:4321']) {
      expect(devRequestProblem(request('/api/editor/state', host)), host).toBeUndefined();
    }
    expect(devRequestProblem(request('/about/', 'evil.example:4321'))).toBeUndefined();
  });

  it('refuses dot segments for any method, and doubled slashes for writes (a read is redirected)', () => {
    expect(devRequestProblem(request('/api/public-page//../about', 'localhost:4321'))?.[0]).toBe(400);
    expect(devRequestProblem(request('/api//save-to-file', 'localhost:4321', 'POST'))?.[0]).toBe(400);
    expect(devRequestProblem(request('/api//public-page/about', 'localhost:4321'))).toBeUndefined();
  });

  it('refuses a save over its cap in words an editor can act on, not in bytes', () => {
    const save = { url: '/api/content/changes', method: 'POST', headers: { host: 'localhost:4321', origin: 'http://localhost:4321', 'content-type': 'application/json', 'content-length': String(MAX_SAVE_BYTES + 1) } } as unknown as IncomingMessage;
    expect(devRequestProblem(save)).toEqual([413, 'This is too much to send at once: at most 5 MB can be sent here. Shorten the longest texts, or make the change in smaller steps']);
    expect(tooLargeMessage(MAX_AUTH_BODY_BYTES)).toMatch(/^This is too much to send at once: at most 8 KB can be sent here/);
  });
});
