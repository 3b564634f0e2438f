// Requests of the server's own to the Astro server build, over a private Unix socket: the
// production server's first publication (server/live-site.mjs), which loads the publisher into
// the process, and the build's first request to the live route, which loads the in-process page
// renderer that then renders every page without a request (src/server/publish/integration.ts).
// Each request runs with a render context (server/render-context.mjs); requests that reach the
// socket without one of ours are refused. The socket lives in a folder only this user can open.
// Plain JavaScript so the production server can load it without a build step.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withRenderContext } from './render-context.mjs';
import { refuseRequest } from './requests.mjs';

const REQUEST_ID_HEADER = 'x-live-request';

/**
 * @param {(request: http.IncomingMessage, response: http.ServerResponse) => void} handler the Astro node handler
 */
export async function createInternalRenderer(handler) {
  const socketDir = await mkdtemp(join(tmpdir(), 'content-site-'));
  const socketPath = join(socketDir, 'render.sock');
  /** Request id → the render context its request runs with. */
  const contexts = new Map();
  const server = http.createServer((request, response) => {
    const context = contexts.get(request.headers[REQUEST_ID_HEADER]);
    if (!context) {
      refuseRequest(request, response, 404, 'Not found');
      return;
    }
    withRenderContext(context, () => handler(request, response));
  });
  await new Promise((resolve, reject) => server.once('error', reject).listen(socketPath, resolve));
  server.unref();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

  return {
    /**
     * @param {string} method
     * @param {string} path
     * @param {object} context
     * @returns {Promise<{ status: number, headers: http.IncomingHttpHeaders, body: string }>}
     */
    request(method, path, context) {
      const id = randomUUID();
      contexts.set(id, context);
      return new Promise((resolve, reject) => {
        const request = http.request({ socketPath, agent, method, path, headers: { host: 'localhost', [REQUEST_ID_HEADER]: id } }, (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
          response.on('error', reject);
        });
        request.on('error', reject);
        request.end();
      }).finally(() => contexts.delete(id));
    },
    async close() {
      server.close();
      agent.destroy();
      await rm(socketDir, { recursive: true, force: true });
    },
  };
}

/**
 * Makes one request to a live route, which loads its module into this process (and with it the
 * in-process renderer it offers on globalThis, src/server/publish/render-in-process.ts), and
 * returns what it answered, for messages: the build and each render worker load it this way.
 * @param {(request: http.IncomingMessage, response: http.ServerResponse) => void} handler the Astro node handler
 * @param {string} path
 * @param {object} context the render context the request runs with
 */
export async function loadLiveRoute(handler, path, context) {
  const loader = await createInternalRenderer(handler);
  try {
    const { status, body } = await loader.request('GET', path, context);
    return `${status} ${body.slice(0, 300)}`;
  } finally {
    await loader.close();
  }
}
