/**
 * Raw HTTP requests through node:http, so tests control every header
 * (Host, Origin, Content-Length) the way a hostile client could.
 */
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  body: Buffer;
  json<T = any>(): T;
}

export interface RawRequest {
  method?: string;
  path: string;
  headers?: Record<string, string | number>;
  body?: string | Buffer;
  /** Ends the request after the headers without sending the declared body. */
  withholdBody?: boolean;
}

export function raw(origin: string, options: RawRequest): Promise<RawResponse> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: { host: url.host, ...options.headers },
        setHost: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const text = body.toString('utf8');
          resolve({ status: res.statusCode!, headers: res.headers, text, body, json: () => JSON.parse(text) });
        });
        res.on('error', reject);
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      // A server that refuses an oversized body answers and closes without reading it:
      // the write fails, but the response still arrives.
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET') setTimeout(() => reject(error), 5000).unref();
      else reject(error);
    });
    if (options.withholdBody) {
      req.flushHeaders();
      return;
    }
    req.end(options.body);
  });
}

/** A same-origin JSON POST, as the editor sends it. */
export function postJson(origin: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return raw(origin, {
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json', origin, 'content-length': Buffer.byteLength(text), ...headers },
    body: text,
  });
}

export interface StreamedRefusal {
  status?: number;
  text: string;
  /** Bytes the client wrote before it stopped or was cut off. */
  sent: number;
}

/**
 * Streams up to `totalBytes` of chunked body and resolves with the server's
 * answer, as a hostile client would see it. By default it stops sending once
 * an answer arrives; with `keepSending` it ignores the answer and sends on
 * until the server cuts the connection (or it has sent everything).
 */
export function streamBody(
  origin: string,
  options: { path: string; headers?: Record<string, string | number>; totalBytes: number; keepSending?: boolean },
): Promise<StreamedRefusal> {
  const url = new URL(origin);
  const chunk = Buffer.alloc(256 * 1024, 0x61);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let status: number | undefined;
    let text = '';
    const req = httpRequest(
      { host: url.hostname, port: url.port, method: 'POST', path: options.path, headers: { host: url.host, ...options.headers }, setHost: false },
      (res) => {
        status = res.statusCode!;
        res.on('data', (data: Buffer) => (text += data.toString('utf8')));
        res.on('end', () => {
          if (options.keepSending) return;
          resolve({ status, text, sent });
          req.destroy();
        });
        res.on('error', () => {});
      },
    );
    req.on('error', () => {});
    req.on('close', () => {
      if (options.keepSending) resolve({ status, text, sent });
      else if (status === undefined) reject(new Error(`The connection closed before any answer, after ${sent} bytes`));
    });
    const pump = () => {
      while ((options.keepSending || status === undefined) && sent < options.totalBytes && !req.destroyed) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (sent >= options.totalBytes) req.end();
    };
    pump();
  });
}

/** Asks until the answer is `taken` (or 20 s pass): the dev server's file watcher sees a changed file within moments, not at once. */
export async function askUntil<T>(ask: () => Promise<T>, taken: (answer: T) => boolean): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const answer = await ask();
    if (taken(answer) || Date.now() > deadline) return answer;
    await new Promise((done) => setTimeout(done, 250));
  }
}

/** Sends `bytes` as they are over a socket (what no HTTP client would send) and returns all the server answered before closing. */
export function rawBytes(origin: string, bytes: string): Promise<string> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => socket.write(bytes));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}
