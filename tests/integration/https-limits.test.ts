/**
 * The HTTPS listener's own rules (server/listener.mjs), on a real `node:http2` server with the
 * fixture certificate and small limits: what an HTTP/2 client may hold (streams at once, an idle
 * connection, a request body that never ends), and which host an HTTP/2 request is read with.
 * The full server over HTTPS is tested in https-prod.test.ts.
 */
import http2 from 'node:http2';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListener } from '../../server/listener.mjs';
import { h2Request, TLS_CERT_FILE, TLS_KEY_FILE } from '../helpers/tls';

const LIMITS = { maxConcurrentStreams: 3, idleMs: 400, requestMs: 600 };
let origin: string;
let close: () => Promise<void>;

beforeAll(async () => {
  const { server } = await createListener({ certFile: TLS_CERT_FILE, keyFile: TLS_KEY_FILE }, (request: any, response: any) => {
    // Answers only once the whole body has arrived, as an upload endpoint does.
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ host: request.headers.host ?? null, pseudo: Object.keys(request.headers).filter((name) => name.startsWith(':')) }));
    });
  }, LIMITS);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});

afterAll(async () => {
  await close?.();
});

const connect = () => http2.connect(origin, { ca: readFileSync(TLS_CERT_FILE) });

describe('the HTTPS listener', () => {
  it('reads an HTTP/2 request with its host from :authority, and no pseudo-headers', async () => {
    const response = await h2Request(origin, '/');
    expect(JSON.parse(response.text)).toEqual({ host: new URL(origin).host, pseudo: [] });
    const agreeing = await h2Request(origin, '/', { headers: { host: new URL(origin).host.toUpperCase() } });
    expect(JSON.parse(agreeing.text).host).toBe(new URL(origin).host);
  });

  it('leaves a request whose Host differs from its :authority without a host, which the checks refuse', async () => {
    const response = await h2Request(origin, '/', { headers: { ':authority': new URL(origin).host, host: 'evil.example' } });
    expect(JSON.parse(response.text).host).toBeNull();
  });

  it('tells clients how many streams they may open at once', async () => {
    const session = connect();
    const settings = await new Promise<http2.Settings>((resolve) => session.once('remoteSettings', resolve));
    expect(settings.maxConcurrentStreams).toBe(LIMITS.maxConcurrentStreams);
    session.close();
  });

  it('closes a connection left idle', async () => {
    const session = connect();
    const closed = new Promise<number>((resolve) => session.once('close', () => resolve(Date.now())));
    const opened = Date.now();
    await new Promise((resolve) => session.once('connect', resolve));
    expect((await closed) - opened).toBeGreaterThanOrEqual(LIMITS.idleMs - 50);
  });

  it('cancels a request whose body never ends', async () => {
    const session = connect();
    session.on('error', () => {});
    // Keeps the connection busy, so the idle limit does not end it first.
    const keepAlive = setInterval(() => session.ping(() => {}), 100);
    const stream = session.request({ ':method': 'POST', ':path': '/upload', 'content-type': 'application/octet-stream' });
    stream.on('error', () => {});
    stream.write(Buffer.alloc(1024));
    const code = await new Promise<number>((resolve) => stream.once('close', () => resolve(stream.rstCode)));
    clearInterval(keepAlive);
    session.close();
    expect(code).toBe(http2.constants.NGHTTP2_CANCEL);
  });
});
