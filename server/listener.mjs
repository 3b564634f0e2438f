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
  // HTTP/2 names the host in :authority (RFC 9113, 8.3.1); a Host header, if sent, must agree with it.
  const authority = request.headers[':authority'];
  if (headers.host === undefined && typeof authority === 'string') headers.host = authority;
  Object.defineProperty(request, 'headers', { value: headers, enumerable: true });
  return request;
}

/**
 * The server for `serve(request, response)`, and the scheme it speaks.
 * @param {{ certFile: string, keyFile: string } | undefined} tls
 * @param {(request: any, response: any) => void} serve
 * @returns {Promise<{ server: http.Server | http2.Http2SecureServer, scheme: 'http' | 'https' }>}
 */
export async function createListener(tls, serve) {
  if (!tls) return { server: http.createServer(serve), scheme: 'http' };
  const [cert, key] = await Promise.all(
    [['TLS_CERT_FILE', tls.certFile], ['TLS_KEY_FILE', tls.keyFile]].map(([name, path]) =>
      readFile(path).catch((error) => {
        throw new ListenerError(`${name}: ${path} cannot be read (${error.code ?? error.message})`);
      }),
    ),
  );
  let server;
  try {
    server = http2.createSecureServer({ cert, key, allowHTTP1: true }, (request, response) => serve(asHttp1Request(request), response));
  } catch (error) {
    // A file that is not PEM, or a key that does not match the certificate.
    throw new ListenerError(`TLS_CERT_FILE and TLS_KEY_FILE do not make a usable certificate: ${error.message}`);
  }
  return { server, scheme: 'https' };
}
