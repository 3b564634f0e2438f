// The production server: `npm start` after `npm run build`. It is the
// @astrojs/node standalone handler (static files from dist/client, then the
// API routes) with two additions:
// - safety headers for uploaded images, which the adapter's static file
//   handler cannot set;
// - the page API answered from memory: the build wrote every bundle to
//   dist/client/page-bundles.json (src/pages/page-bundles.json.ts), and production
//   content is fixed at build time. Anything else goes to the Astro endpoint.
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { JSON_HEADERS, setAssetHeaders } from './headers.mjs';

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const { handler } = await import('../dist/server/entry.mjs');

const BUNDLES = new URL('../dist/client/page-bundles.json', import.meta.url);
const BUNDLES_PATH = '/page-bundles.json';
const PAGE_API = '/api/public-page';
const NOT_FOUND = JSON.stringify({ error: 'Not found' });

/** Slug → the page API's response: `body` is the bundle's JSON text exactly as the build wrote it. */
async function loadBundles() {
  const entries = JSON.parse(await readFile(BUNDLES, 'utf8'));
  return new Map(
    entries.map(({ slug, version, body }) => [slug, { body: Buffer.from(body, 'utf8'), headers: { ...JSON_HEADERS, ETag: `"${version}"` } }]),
  );
}

const bundles = await loadBundles();

/** The slug a page API path asks for: '' and '/' are home; anything unusual is left to the endpoint. */
function slugOf(url) {
  const path = url.split(/[?#]/)[0];
  if (path !== PAGE_API && !path.startsWith(`${PAGE_API}/`)) return undefined;
  const slug = path.slice(PAGE_API.length).replace(/^\/+|\/+$/g, '');
  return slug === '' ? 'home' : slug;
}

const host = process.env.HOST ?? 'localhost';
const port = Number(process.env.PORT ?? 4321);

const server = http.createServer((request, response) => {
  const url = request.url ?? '';
  const bundle = request.method === 'GET' ? bundles.get(slugOf(url)) : undefined;
  if (bundle) {
    response.writeHead(200, bundle.headers);
    response.end(bundle.body);
    return;
  }
  // The build's file of every bundle is this server's input, not a public download: pages come one at a time from the API.
  if (url.split(/[?#]/)[0] === BUNDLES_PATH) {
    response.writeHead(404, JSON_HEADERS);
    response.end(NOT_FOUND);
    return;
  }
  setAssetHeaders(url, response);
  handler(request, response);
});

server.listen(port, host, () => {
  const address = server.address();
  const shown = typeof address === 'object' && address ? `${address.address.includes(':') ? `[${address.address}]` : address.address}:${address.port}` : `${host}:${port}`;
  console.log(`Server listening on http://${shown} (${bundles.size} page bundles in memory)`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
