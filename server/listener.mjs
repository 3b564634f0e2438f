// How the production server listens. Without a certificate: plain HTTP/1.1, for a reverse
// proxy in front that terminates HTTPS. With one (TLS_CERT_FILE and TLS_KEY_FILE): HTTPS, where
// browsers get HTTP/2 and older clients HTTP/1.1, as ALPN agrees. HTTP/2 puts a page's fonts and
// images on the one connection the page came on, instead of up to six new ones that each pay a
// handshake and TCP slow start; docs/architecture.md has the measurements.
// Plain JavaScript so the production server can load it without a build step.
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import http2 from 'node:http2';

export class ListenerError extends Error {}

/**
 * What an HTTP/2 client may hold, which `node:http2` leaves unbounded (the HTTP/1.1 server has
 * its own timeouts): streams at once per connection (nginx allows 128), how long a connection may
 * sit idle, and how long a request may take to arrive whole (http.Server's requestTimeout).
 */
/** @type {Readonly<{ maxConcurrentStreams: number, idleMs: number, requestMs: number }>} */
export const HTTP2_LIMITS = Object.freeze({ maxConcurrentStreams: 100, idleMs: 120_000, requestMs: 300_000 });

/** Cancels an HTTP/2 request whose body has not all arrived within `requestMs` (a slow or stalled upload). */
function limitRequestTime(request, requestMs) {
  const { stream } = request;
  if (stream.endAfterHeaders) return; // no body: the request arrived whole with its headers
  const timer = setTimeout(() => stream.close(http2.constants.NGHTTP2_CANCEL), requestMs);
  timer.unref();
  const done = () => clearTimeout(timer);
  request.once('end', done);
  stream.once('close', done);
}

/**
 * An HTTP/2 request as the HTTP/1.1 code reads one. Node's compatibility API keeps the
 * pseudo-headers (`:method`, `:path`, `:authority`, `:scheme`) among `headers`, where
 * `new Headers()` refuses them and `host` is absent; every check (server/requests.mjs) and the
 * adapter read `headers.host`. The request's own method and URL still come from the stream.
 * @param {http.IncomingMessage | http2.Http2ServerRequest} request
 */
export function asHttp1Request(request) {
  if (request.httpVersionMajor !== 2) return request;
  const headers = Object.create(null);
  for (const [name, value] of Object.entries(request.headers)) {
    if (!name.startsWith(':')) headers[name] = value;
  }
  // HTTP/2 names the host in :authority; a Host header may stand in for it, but one that differs
  // from it makes the request malformed (RFC 9113, 8.3.1): left without a host, the checks answer 400.
  const authority = request.headers[':authority'];
  const host = request.headers.host;
  const same = typeof host === 'string' && typeof authority === 'string' && host.toLowerCase() === authority.toLowerCase();
  headers.host = authority === undefined ? host : host === undefined || same ? authority : undefined;
  Object.defineProperty(request, 'headers', { value: headers, enumerable: true });
  return request;
}

/** What Node's HTTP parser refuses before any request exists, as status and words (see answerClientErrors). */
function clientErrorAnswer(error) {
  if (error.code === 'HPE_HEADER_OVERFLOW') return [431, 'Request Header Fields Too Large', "The request's headers are too large"];
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'Request Timeout', 'The request did not arrive in time'];
  return [400, 'Bad Request', 'The request is not valid HTTP'];
}

/**
 * Answers what Node's HTTP parser refuses (a malformed header line, Content-Length with
 * Transfer-Encoding, headers over the limit) with a JSON error body like every other refusal:
 * Node's own answer is a bare status line with no body. The connection is closed after it.
 * @param {import('node:events').EventEmitter} server
 */
export function answerClientErrors(server) {
  server.on('clientError', (error, socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable || socket._httpMessage?.headersSent) {
      socket.destroy();
      return;
    }
    const [status, reason, message] = clientErrorAnswer(error);
    const body = JSON.stringify({ error: message });
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

/**
 * The server for `serve(request, response)`, and the scheme it speaks.
 * @param {{ certFile: string, keyFile: string } | undefined} tls
 * @param {(request: any, response: any) => void} serve
 * @param {typeof HTTP2_LIMITS} [limits] smaller in tests
 * @returns {Promise<{ server: http.Server | http2.Http2SecureServer, scheme: 'http' | 'https' }>}
 */
export async function createListener(tls, serve, limits = HTTP2_LIMITS) {
  if (!tls) {
    const server = http.createServer(serve);
    answerClientErrors(server);
    return { server, scheme: 'http' };
  }
  const [cert, key] = await Promise.all(
    [['TLS_CERT_FILE', tls.certFile], ['TLS_KEY_FILE', tls.keyFile]].map(([name, path]) =>
      readFile(path).catch((error) => {
        throw new ListenerError(`${name}: ${path} cannot be read (${error.code ?? error.message})`);
      }),
    ),
  );
  let server;
  try {
    server = http2.createSecureServer({ cert, key, allowHTTP1: true, settings: { maxConcurrentStreams: limits.maxConcurrentStreams } }, (request, response) => {
      if (request.httpVersionMajor === 2) limitRequestTime(request, limits.requestMs);
      serve(asHttp1Request(request), response);
    });
  } catch (error) {
    // A file that is not PEM, or a key that does not match the certificate.
    throw new ListenerError(`TLS_CERT_FILE and TLS_KEY_FILE do not make a usable certificate: ${error.message}`);
  }
  answerClientErrors(server);
  // An idle connection (HTTP/2 session, or HTTP/1.1 socket) is closed: with no 'timeout' listener, Node destroys it.
  server.setTimeout(limits.idleMs);
  return { server, scheme: 'https' };
}
