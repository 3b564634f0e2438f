/**
 * What Node's HTTP parser refuses before any request exists is answered with a JSON error body
 * (server/listener.mjs), like every other refusal: Node's own answer had no body at all. Raw
 * bytes over a socket, on the production server's listener.
 */
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListener } from '../../server/listener.mjs';
import { rawBytes } from '../helpers/http';

let server: Server;
let port: number;

beforeAll(async () => {
  ({ server } = (await createListener(undefined, (_request: unknown, response: { end(text: string): void }) => response.end('served'))) as { server: Server });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

const exchange = (bytes: string) => rawBytes(`http://127.0.0.1:${port}`, bytes);

const parsed = (answer: string) => {
  const [head, body] = answer.split('\r\n\r\n');
  return { status: Number(head!.split(' ')[1]), head: head!, body: JSON.parse(body!) };
};

describe('a request the HTTP parser refuses', () => {
  it.each([
    ['a malformed header line', 'GET / HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n', 400, 'The request is not valid HTTP'],
    ['Content-Length with Transfer-Encoding', 'POST /api/x HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n', 400, 'The request is not valid HTTP'],
    ['headers over the limit', `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431, "The request's headers are too large"],
    ['a method HTTP does not know', 'TRACK / HTTP/1.1\r\nHost: x\r\n\r\n', 400, 'The request is not valid HTTP'],
  ])('answers %s with a JSON error, and closes', async (_, bytes, status, message) => {
    const answer = parsed(await exchange(bytes));
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ error: message });
    expect(answer.head).toMatch(/\r\nContent-Type: application\/json; charset=utf-8\r\n/);
    expect(answer.head).toMatch(/\r\nConnection: close/);
  });

  it('leaves a well-formed request to the server', async () => {
    expect(await exchange('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).toMatch(/\r\n\r\nserved$/);
  });
});
