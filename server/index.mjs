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
// - the live site (server/live-site.mjs): the page API, visitor pages, moved
//   pages (301), the feed and the sitemap, all from the version of the content
//   that was last published, which starts as the build's
//   (dist/server/page-bundles.json) and changes when a change is published
//   (src/server/publish/); an unknown page path gets the 404 page;
// - /_live/: live publishing's private routes, never from outside (404);
// - the build's text files (HTML, SVG, TXT, ...): in the coding Accept-Encoding
//   prefers, precompressed at build (server/static-files.mjs).
// Anything else goes to the adapter. Every answer of a text resource revalidates
// (ETag, 304) and varies on Accept-Encoding; docs/architecture.md says why.
// It listens with plain HTTP/1.1, or with HTTPS and HTTP/2 when given a certificate
// (TLS_CERT_FILE, TLS_KEY_FILE; server/listener.mjs).
// Before it listens, the server checks its configuration (server/config.mjs)
// and, with CONTENT_BACKEND=git, makes the content repository ready (cloned, or
// repaired after a crash) and starts polling its remote (server/git-content.mjs);
// then it publishes the committed content, which may be newer than the build.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { ConfigError, serverConfig } from './config.mjs';
import { prepareContentRepository, syncFromRemote } from './git-content.mjs';
import { createLiveSite } from './live-site.mjs';
import { serialised } from './serialise.mjs';
import { keepSessionsSignedBy, SessionsFileError, sessionSigner, sessionsFileFor } from './sessions-file.mjs';
import { checkEditorConfig, readUsers, UsersFileError } from './users-file.mjs';
import {
  apiMethodProblem, crossOriginWriteProblem, DOUBLED_SLASHES, isDecodableTarget, isWellFormedHost, LIVE_PREFIX, normalisedPath, redirectedToSingleSlashes, refuseRequest, singleSlashTarget, UNREADABLE_PATH, UNREADABLE_QUERY,
} from './requests.mjs';
import { staticTextFiles } from './static-files.mjs';
import { serveUploadedImage, uploadedImagesDir } from './uploaded-images.mjs';
import { imageVariantHandler } from './image-variants.mjs';
import { createListener, ListenerError } from './listener.mjs';
import { offerStylesheets } from './stylesheets.mjs';

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

// A new SESSION_SECRET signs everyone out for good: the old one's sessions end now, so putting it back revives none.
if (config.sessionSecret) {
  await keepSessionsSignedBy(sessionsFileFor(config.usersFile), sessionSigner(config.sessionSecret)).catch((error) => {
    // Visitors are served all the same; signing in says what is wrong with the file until it is mended.
    if (error instanceof SessionsFileError) console.error(error.message);
    else throw error;
  });
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
const serverEntry = new URL('../dist/server/entry.mjs', import.meta.url);
offerStylesheets(serverEntry);
const { handler } = await import(serverEntry.href);

const API_PREFIX = '/api/';
// Uploads are written to the content root's public/ (the content store), which says which images
// there are and holds their bytes; the build's copy in dist/ is served only while it holds the same
// bytes, for its precompressed forms (server/uploaded-images.mjs).
const IMAGES_DIRS = [uploadedImagesDir(config.contentRoot, true), uploadedImagesDir(config.projectRoot, false)];
// One per process: it holds the limits on making variants, and the variants being made.
const serveImageVariant = imageVariantHandler(config, false);

const clientDir = fileURLToPath(new URL('../dist/client/', import.meta.url));
const serveStaticText = await staticTextFiles(clientDir);
const liveSite = await createLiveSite({ handler, bundlesFile: new URL('../dist/server/page-bundles.json', import.meta.url), clientDir, serveStaticText, serverEntry });

// The committed content may be newer than the build (edits since, a git remote ahead of it, a
// scheduled page now due): it is published before the first visitor is served. If it cannot be,
// the server starts with the build's content, and says why.
try {
  await liveSite.publishAtStart();
} catch (error) {
  console.error(`Publishing the committed content failed; serving the build's content until a change publishes. ${error instanceof Error ? error.message : error}`);
}

/** Why a request must be refused before it is routed, as [status, message, headers?], or undefined. */
function requestProblem(request, path) {
  if (!isWellFormedHost(request.headers.host)) return [400, 'The Host header is missing or malformed'];
  if (path === undefined) return [400, UNREADABLE_PATH];
  if (!isDecodableTarget(request.url ?? '')) return [400, UNREADABLE_QUERY];
  if (request.method === 'GET' || request.method === 'HEAD') return undefined;
  if (singleSlashTarget(request.url ?? '') !== undefined) return [400, DOUBLED_SLASHES];
  if (!path.startsWith(API_PREFIX)) return [405, `${request.method} is not allowed here`, { Allow: 'GET, HEAD' }];
  const methodProblem = apiMethodProblem(request.method);
  if (methodProblem) return methodProblem;
  const crossOrigin = crossOriginWriteProblem({
    host: request.headers.host,
    origin: request.headers.origin,
    secFetchSite: request.headers['sec-fetch-site'],
  });
  return crossOrigin ? [403, crossOrigin] : undefined;
}

async function serve(request, response) {
  // First, so that every answer has it, the redirects and refusals below too.
  response.setHeader('X-Content-Type-Options', 'nosniff');
  const path = normalisedPath(request.url ?? '');
  const problem = requestProblem(request, path);
  if (problem) {
    refuseRequest(request, response, ...problem);
    return;
  }
  if (redirectedToSingleSlashes(request, response, () => liveSite.finalAddress(path))) return;
  if (path === LIVE_PREFIX || path.startsWith(`${LIVE_PREFIX}/`)) {
    refuseRequest(request, response, 404, 'Not found');
    return;
  }
  const reading = request.method === 'GET' || request.method === 'HEAD';
  if (reading && (await liveSite.serve(request, response, path))) return;
  if (await serveUploadedImage(request, response, path, IMAGES_DIRS)) return;
  if (await serveImageVariant(request, response, path)) return;
  if (reading && (await serveStaticText(request, response, path))) return;
  handler(request, response);
}

const { host, port } = config;

if (config.backend === 'git' && config.git.remote && config.git.pollSeconds > 0) {
  // Pushes the webhook did not announce (none configured, or a lost delivery) arrive by polling.
  const poll = setInterval(() => {
    serialised(CONTENT_STORE_LOCK, () => syncFromRemote(config.git))
      .then(({ changed }) => {
        // New commits go live like a save does (src/server/publish/publisher.ts, loaded by the first publication).
        if (changed) globalThis[Symbol.for('content-site.publisher')]?.requestPublish();
      })
      .catch((error) => console.error(`Polling the content repository failed: ${error.message}`));
  }, config.git.pollSeconds * 1000);
  poll.unref();
}

// The site's own 500 page (src/pages/500.astro), for a visitor page that fails; the API answers JSON.
const SERVER_ERROR_PAGE = await readFile(new URL('../dist/client/500.html', import.meta.url)).catch(() => undefined);

function answer(request, response) {
  serve(request, response).catch((error) => {
    console.error(error);
    if (response.headersSent) response.destroy();
    else if (SERVER_ERROR_PAGE && !(normalisedPath(request.url ?? '') ?? '').startsWith(API_PREFIX)) {
      response.writeHead(500, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      response.end(request.method === 'HEAD' ? undefined : SERVER_ERROR_PAGE);
    } else refuseRequest(request, response, 500, 'Internal server error');
  });
}

let listener;
try {
  listener = await createListener(config.tls, answer);
} catch (error) {
  if (error instanceof ListenerError) refuseToStart(error.message);
  throw error;
}
const { server, scheme } = listener;

// A port already taken (often by an earlier start still running: stopping `npm start` with kill
// can leave its node process behind) or not allowed: said in words, without a stack trace.
server.once('error', (error) => {
  const where = `${host}:${port}`;
  if (error.code === 'EADDRINUSE') refuseToStart(`Port ${port} is already in use on ${host}: another server listens there, perhaps an earlier start of this one still running (find it with \`lsof -i :${port}\` or \`ss -ltnp\`). Stop it, or set PORT to a free port.`);
  if (error.code === 'EACCES') refuseToStart(`The server is not allowed to listen on ${where} (ports below 1024 need privileges). Set PORT to 1024 or above, and let a reverse proxy take port 80 or 443.`);
  if (error.code === 'EADDRNOTAVAIL') refuseToStart(`The server cannot listen on ${where}: no network interface of this machine has that address. Check HOST.`);
  refuseToStart(`The server cannot listen on ${where}: ${error.message}`);
});
server.listen(port, host, () => {
  const address = server.address();
  const shown = typeof address === 'object' && address ? `${address.address.includes(':') ? `[${address.address}]` : address.address}:${address.port}` : `${host}:${port}`;
  console.log(`Server listening on ${scheme}://${shown}${scheme === 'https' ? ' (HTTP/2 and HTTP/1.1)' : ''} (${liveSite.size()} pages live)`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.close(() => liveSite.close().finally(() => process.exit(0))));
}
