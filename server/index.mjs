// The production server: `npm start` after `npm run build`. It is the
// @astrojs/node standalone handler (static files from dist/client, then the
// API routes) behind a front that decides on the decoded, normalised path
// (server/requests.mjs), the same path the static handler picks files by:
// - a malformed Host or an undecodable path: 400;
// - writes: only to the API, only from the site's own origin (403), checked
//   before any of the body is read; every other path allows GET and HEAD only
//   (405 with Allow);
// - uploaded images: served by the handler the dev server uses too, with their
//   safety headers (server/uploaded-images.mjs);
// - moved pages: a 301 from their old path (src/data/redirects.json);
// - the page API: answered from memory. The build wrote every bundle to
//   dist/server/page-bundles.json (src/pages/page-bundles.json.ts, moved out of
//   the static folder by src/lib/private-page-bundles.ts), and production
//   content is fixed at build time, so each is compressed once, at start;
// - the build's text files (HTML, SVG, TXT, ...): in the coding Accept-Encoding
//   prefers, precompressed at build (server/static-files.mjs).
// Anything else goes to the adapter. Every answer of a text resource revalidates
// (ETag, 304) and varies on Accept-Encoding; docs/architecture.md says why.
// Before it listens, the server checks its configuration (server/config.mjs)
// and, with CONTENT_BACKEND=git, makes the content repository ready (cloned, or
// repaired after a crash) and starts polling its remote (server/git-content.mjs).
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { compressedForms } from './compression.mjs';
import { ConfigError, serverConfig } from './config.mjs';
import { prepareContentRepository, syncFromRemote } from './git-content.mjs';
import { serialised } from './serialise.mjs';
import { checkEditorConfig, readUsers, UsersFileError } from './users-file.mjs';
import { encodingHeaders } from './files.mjs';
import { JSON_HEADERS } from './headers.mjs';
import { chooseEncoding } from './negotiation.mjs';
import { sendRepresentation } from './representation.mjs';
import { crossOriginWriteProblem, isWellFormedHost, normalisedPath, refuseRequest } from './requests.mjs';
import { REVALIDATE, staticTextFiles } from './static-files.mjs';
import { serveUploadedImage, uploadedImagesDir } from './uploaded-images.mjs';
import { serveImageVariant, variantPlaces } from './image-variants.mjs';

/** Stops the start with a message for the operator, not a stack trace. */
function refuseToStart(message) {
  console.error(message);
  process.exit(1);
}

let config;
try {
  config = serverConfig();
} catch (error) {
  if (error instanceof ConfigError) refuseToStart(error.message);
  throw error;
}

try {
  const problem = checkEditorConfig(config, await readUsers(config.usersFile));
  if (problem) refuseToStart(problem);
} catch (error) {
  if (error instanceof UsersFileError) refuseToStart(error.message);
  throw error;
}

/** The content store's lock (src/server/store/content-store.ts): a sync waits for a change in progress, and the reverse. */
const CONTENT_STORE_LOCK = 'content-store';

if (config.backend === 'git') {
  try {
    const head = await serialised(CONTENT_STORE_LOCK, () => prepareContentRepository(config.git));
    console.log(`Content repository ready at ${config.git.dir} (${head.slice(0, 12)}${config.git.remote ? `, remote ${config.git.remote} ${config.git.branch}` : ', no remote'})`);
  } catch (error) {
    refuseToStart(`The content repository could not be made ready: ${error instanceof Error ? error.message : error}`);
  }
}

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const { handler } = await import('../dist/server/entry.mjs');

const BUNDLES = new URL('../dist/server/page-bundles.json', import.meta.url);
const PAGE_API = '/api/public-page';
const API_PREFIX = '/api/';
// Uploads are written to the content root's public/ (the content store); images the build
// copied are found in dist/ too (with their precompressed forms), and a page built before an
// image was removed still shows it. Of two copies, the newer is served (server/uploaded-images.mjs).
const IMAGES_DIRS = [uploadedImagesDir(config.contentRoot, true), uploadedImagesDir(config.projectRoot, false)];

const serveStaticText = await staticTextFiles(fileURLToPath(new URL('../dist/client/', import.meta.url)));

// Bundles are compressed while the server starts. On the demo's bundles, brotli quality 5 takes
// about 0.5 ms a bundle and quality 11 about 7 ms for 14% fewer bytes: 35 s of CPU for 5,000
// pages would delay every start, so the start uses 5 (still smaller than gzip -9).
const BUNDLE_BROTLI_QUALITY = 5;

/**
 * Slug → the page API's response: the bundle's JSON text exactly as the build wrote it, and
 * its brotli and gzip forms when smaller; and the permanent redirects of moved pages, by the
 * normalised path they lead away from.
 */
async function loadBundles() {
  const { pages, redirects } = JSON.parse(await readFile(BUNDLES, 'utf8'));
  const loaded = await Promise.all(
    pages.map(async ({ slug, version, body }) => {
      const identity = Buffer.from(body, 'utf8');
      return [slug, { version, forms: { identity, ...(await compressedForms(identity, { brotliQuality: BUNDLE_BROTLI_QUALITY })) } }];
    }),
  );
  return {
    bundles: new Map(loaded),
    redirects: new Map(redirects.map(({ from, to }) => [from === '/' ? '/' : from.slice(0, -1), to])),
  };
}

const { bundles, redirects } = await loadBundles();

/** Answers the page API from memory: its content changes only with a build, so caches revalidate by version. */
async function sendBundle(request, response, { version, forms }) {
  const encoding = chooseEncoding(request.headers['accept-encoding'], Object.keys(forms));
  if (encoding === undefined) {
    refuseRequest(request, response, 406, 'None of the accepted content codings is available', { Vary: 'Accept-Encoding' });
    return;
  }
  const headers = { ...JSON_HEADERS, 'Cache-Control': REVALIDATE, ...encodingHeaders(encoding) };
  const etag = `"${version}${encoding === 'identity' ? '' : `-${encoding}`}"`;
  await sendRepresentation(request, response, { headers, etag, body: forms[encoding] });
}

/** The slug a normalised page API path asks for: '' is home; anything else is left to the endpoint. */
function slugOf(path) {
  if (path !== PAGE_API && !path.startsWith(`${PAGE_API}/`)) return undefined;
  const slug = path.slice(PAGE_API.length + 1);
  return slug === '' ? 'home' : slug;
}

/** Why a request must be refused before it is routed, as [status, message, headers?], or undefined. */
function requestProblem(request, path) {
  if (!isWellFormedHost(request.headers.host)) return [400, 'The Host header is missing or malformed'];
  if (path === undefined) return [400, 'The request path cannot be decoded'];
  if (request.method === 'GET' || request.method === 'HEAD') return undefined;
  if (!path.startsWith(API_PREFIX)) return [405, `${request.method} is not allowed here`, { Allow: 'GET, HEAD' }];
  const crossOrigin = crossOriginWriteProblem({
    host: request.headers.host,
    origin: request.headers.origin,
    secFetchSite: request.headers['sec-fetch-site'],
  });
  return crossOrigin ? [403, crossOrigin] : undefined;
}

async function serve(request, response) {
  const path = normalisedPath(request.url ?? '');
  const problem = requestProblem(request, path);
  if (problem) {
    refuseRequest(request, response, ...problem);
    return;
  }
  response.setHeader('X-Content-Type-Options', 'nosniff');
  const bundle = request.method === 'GET' || request.method === 'HEAD' ? bundles.get(slugOf(path)) : undefined;
  if (bundle) {
    await sendBundle(request, response, bundle);
    return;
  }
  const redirect = request.method === 'GET' || request.method === 'HEAD' ? redirects.get(path) : undefined;
  if (redirect) {
    response.writeHead(301, { Location: redirect, 'Cache-Control': 'public, max-age=3600' });
    response.end();
    return;
  }
  if (await serveUploadedImage(request, response, path, IMAGES_DIRS)) return;
  if (await serveImageVariant(request, response, path, variantPlaces(config, false))) return;
  if ((request.method === 'GET' || request.method === 'HEAD') && (await serveStaticText(request, response, path))) return;
  handler(request, response);
}

const { host, port } = config;

if (config.backend === 'git' && config.git.remote && config.git.pollSeconds > 0) {
  // Pushes the webhook did not announce (none configured, or a lost delivery) arrive by polling.
  const poll = setInterval(() => {
    serialised(CONTENT_STORE_LOCK, () => syncFromRemote(config.git)).catch((error) => console.error(`Polling the content repository failed: ${error.message}`));
  }, config.git.pollSeconds * 1000);
  poll.unref();
}

// The site's own 500 page (src/pages/500.astro), for a visitor page that fails; the API answers JSON.
const SERVER_ERROR_PAGE = await readFile(new URL('../dist/client/500.html', import.meta.url)).catch(() => undefined);

const server = http.createServer((request, response) => {
  serve(request, response).catch((error) => {
    console.error(error);
    if (response.headersSent) response.destroy();
    else if (SERVER_ERROR_PAGE && !(normalisedPath(request.url ?? '') ?? '').startsWith(API_PREFIX)) {
      response.writeHead(500, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      response.end(request.method === 'HEAD' ? undefined : SERVER_ERROR_PAGE);
    } else refuseRequest(request, response, 500, 'Internal server error');
  });
});

server.listen(port, host, () => {
  const address = server.address();
  const shown = typeof address === 'object' && address ? `${address.address.includes(':') ? `[${address.address}]` : address.address}:${address.port}` : `${host}:${port}`;
  console.log(`Server listening on http://${shown} (${bundles.size} page bundles in memory)`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
