/**
 * HTTPS for tests: the fixture certificate (tests/fixtures/tls/README.md), the
 * environment that makes the production server use it, and clients that trust
 * exactly it, over HTTP/2 (node:http2) and over HTTP/1.1 (node:https, by ALPN).
 */
import { createHash, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';
import { join } from 'node:path';
import { PROJECT_ROOT } from './project-copy.ts';

const DIR = join(PROJECT_ROOT, 'tests', 'fixtures', 'tls');
export const TLS_CERT_FILE = join(DIR, 'cert.pem');
export const TLS_KEY_FILE = join(DIR, 'key.pem');
const CA = readFileSync(TLS_CERT_FILE);

/** The production server's variables for HTTPS with the fixture certificate. */
export const tlsEnv = () => ({ TLS_CERT_FILE, TLS_KEY_FILE });

/** Chromium's flag that trusts this certificate's key and no other (the SPKI's SHA-256, in base64). */
export function chromiumTrustFlag(): string {
  const spki = new X509Certificate(CA).publicKey.export({ type: 'spki', format: 'der' });
  return `--ignore-certificate-errors-spki-list=${createHash('sha256').update(spki).digest('base64')}`;
}

export interface TlsResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  text: string;
  /** `h2` or `http/1.1`, as ALPN agreed. */
  protocol: string;
}

interface TlsRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** One request over HTTP/2 on a connection of its own. Pseudo-headers (`:authority`) may be given in `headers`. */
export function h2Request(origin: string, path: string, { method = 'GET', headers = {}, body }: TlsRequest = {}): Promise<TlsResponse> {
  return new Promise((resolve, reject) => {
    const session = http2.connect(origin, { ca: CA });
    session.on('error', reject);
    const stream = session.request({ ':method': method, ':path': path, ...headers }, { endStream: body === undefined });
    const chunks: Buffer[] = [];
    let responseHeaders: http2.IncomingHttpHeaders = {};
    stream.on('response', (received) => (responseHeaders = received));
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('error', (error) => (session.close(), reject(error)));
    stream.on('end', () => {
      const { ':status': status, ...rest } = responseHeaders;
      const bytes = Buffer.concat(chunks);
      session.close();
      resolve({ status: Number(status), headers: rest, body: bytes, text: bytes.toString('utf8'), protocol: session.alpnProtocol ?? '' });
    });
    if (body !== undefined) stream.end(body);
  });
}

/** One request over HTTPS with HTTP/1.1 only, as a client without HTTP/2 makes it. */
export function https1Request(origin: string, path: string, { method = 'GET', headers = {}, body }: TlsRequest = {}): Promise<TlsResponse> {
  return new Promise((resolve, reject) => {
    const options: https.RequestOptions & { ALPNProtocols: string[] } = { method, headers, ca: CA, ALPNProtocols: ['http/1.1'], agent: false };
    const request = https.request(new URL(path, origin), options, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const socket = response.socket as import('node:tls').TLSSocket;
        resolve({ status: response.statusCode!, headers: response.headers, body: bytes, text: bytes.toString('utf8'), protocol: socket.alpnProtocol || 'http/1.1' });
      });
    });
    request.on('error', reject);
    request.end(body);
  });
}
