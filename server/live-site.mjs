// The production server's live site: the version of the content that visitors get, swapped
// whole when a change is published (src/server/publish/publisher.ts, inside the Astro build).
// A version is every page's render key, bundle and HTML, the moved pages' redirects, and the
// feed and sitemap. Pages whose HTML has not changed since the build are served from
// dist/client; pages rendered since are held in memory. Every request reads one version, so a
// page's HTML and its page API bundle never come from two (X-Content-Version names it).
// The publisher runs inside the Astro build, loaded by the server's own request to
// /_live/publish over a private socket (server/internal-renderer.mjs), and renders pages through
// the site's own route, /_live/render/<path>, in the same process. Only the server's own renders
// carry a render context (server/render-context.mjs), and the public server never routes /_live/.
// Plain JavaScript so the production server can load it without a build step.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { byteLengthOf, compressedForms } from './compression.mjs';
import { encodingHeaders } from './files.mjs';
import { JSON_HEADERS } from './headers.mjs';
import { bundleTag, PAGE_VERSION_HEADER } from './page-api.mjs';
import { chooseEncoding } from './negotiation.mjs';
import { createInternalRenderer } from './internal-renderer.mjs';
import { endWith, sendRepresentation } from './representation.mjs';
import { isServerRoute, LIVE_PREFIX, refuseRequest, sendPermanentRedirect } from './requests.mjs';
import { REVALIDATE } from './static-files.mjs';

const PAGE_API = '/api/public-page';
// Brotli quality 5 for what is compressed while serving: about 0.5 ms for a bundle against 7 ms
// at 11, for 14% more bytes; each representation is compressed once, on its first request.
const LIVE_BROTLI_QUALITY = 5;
const HTML = 'text/html; charset=utf-8';
/** The 404 page (src/server/publish/published-pages.ts), sent for every unknown page path. */
const NOT_FOUND_PATH = '/404.html';
/** The page a server error gets (src/pages/500.astro), read by server/index.mjs. */
const SERVER_ERROR_PATH = '/500.html';
const TYPES = { xml: 'application/xml; charset=utf-8', html: HTML };

/**
 * Text held in memory, compressed on its first request. Pages come as their UTF-8 bytes, outside
 * the JavaScript heap, often as pieces that share their styles with other pages
 * (src/server/publish/page-styles.ts): V8 collects garbage early when memory outside its heap
 * grows, so the fewer new bytes a publication brings, the fewer collections it costs.
 * @param {string | Buffer | readonly Buffer[]} content
 */
function representation(content) {
  let etag;
  let compressed;
  return {
    text: typeof content === 'string' ? content : undefined,
    // Both on the first request: a publication that changes every page swaps them all in at once.
    get etag() {
      return (etag ??= bundleTag(content));
    },
    forms: () => {
      if (compressed) return compressed;
      // Pieces stay pieces: sent one after the other, and compressed as a stream of them.
      const identity = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
      return (compressed = compressedForms(identity, { brotliQuality: LIVE_BROTLI_QUALITY }).then((forms) => ({ identity, ...forms })));
    },
  };
}

/** `/about/index.html` and `/about` are one page; undefined when the path names a file. */
function pageKeyOf(path) {
  if (path.endsWith('/index.html')) return path.slice(0, -'/index.html'.length) || '/';
  const last = path.slice(path.lastIndexOf('/') + 1);
  return last.includes('.') ? undefined : path;
}


/**
 * Sends a read of a page at any other spelling of its address (`/about`, `/about/index.html`,
 * `/%61bout/`) to the one the site links to, its canonical URL (`/about/`), keeping the query:
 * one address per page, as search engines and analytics count pages. Says whether it did.
 */
function redirectedToCanonical(request, response, key) {
  const canonical = key === '/' ? '/' : `${key}/`;
  const url = request.url ?? '';
  if (url.split(/[?#]/, 1)[0] === canonical) return false;
  // The query as the URL parser writes it: percent-encoded, so it is always a valid header value.
  sendPermanentRedirect(response, canonical + new URL(url, 'http://site.invalid').search);
  return true;
}

/** The slug a page API path asks for: '' is home. */
function slugOf(path) {
  if (path !== PAGE_API && !path.startsWith(`${PAGE_API}/`)) return undefined;
  const slug = path.slice(PAGE_API.length + 1);
  return slug === '' ? 'home' : slug;
}

/** A version from its pages (each with its bundle and HTML representations), redirects and files. */
function versionOf(contentVersion, entries, redirects, files) {
  return {
    contentVersion,
    pages: new Map(entries.map((page) => [page.path, page])),
    bundles: new Map(entries.map((page) => [page.slug, page])),
    files,
    redirects: new Map(redirects.map(({ from, to }) => [from, to])),
  };
}

/** The build's publication (dist/server/page-bundles.json), with every page's HTML in dist/client (html undefined). */
function versionOfBuild({ contentVersion, pages, redirects }) {
  return versionOf(contentVersion, pages.map((page) => ({ ...page, bundle: representation(page.body), html: undefined })), redirects, new Map());
}

/** The next version: what is unchanged keeps its representation (and its compressed forms). */
function nextVersion(previous, { contentVersion, pages, redirects, files, keptFiles = [] }) {
  const entries = pages.map((page) => {
    const old = previous.pages.get(page.path);
    const html = page.html !== undefined ? representation(page.html) : old?.renderKey === page.renderKey ? old.html : missingHtml(page.path);
    const bundle = old?.body === page.body ? old.bundle : representation(page.body);
    return { slug: page.slug, path: page.path, renderKey: page.renderKey, version: page.version, body: page.body, bundle, html };
  });
  const kept = new Map(files.map(({ path, body }) => [path, previous.files.get(path)?.text === body ? previous.files.get(path) : representation(body)]));
  // Files the content cannot make now stay as they are live (before the first publication, the build's in dist/client).
  const stays = (path) => keptFiles.some((kept) => (kept.endsWith('-') ? path.startsWith(kept) : path === kept));
  for (const [path, file] of previous.files) if (stays(path) && !kept.has(path)) kept.set(path, file);
  return versionOf(contentVersion, entries, redirects ?? [...previous.redirects].map(([from, to]) => ({ from, to })), kept);
}

function missingHtml(path) {
  throw new Error(`The publication has no HTML for ${path}, whose render key changed`);
}

/**
 * @param {{ handler: Function, bundlesFile: URL, clientDir: string, serveStaticText: Function, serverEntry: URL }} options
 */
export async function createLiveSite({ handler, bundlesFile, clientDir, serveStaticText, serverEntry }) {
  const built = JSON.parse(await readFile(bundlesFile, 'utf8'));
  let live = versionOfBuild(built);
  // Where each built page's views are in its file: a publication can make the page from its pieces (src/server/publish/publication-layouts.ts).
  const builtLayouts = new Map(built.pages.flatMap((page) => (page.layout ? [[page.path, { renderKey: page.renderKey, layout: page.layout }]] : [])));
  // The build's 404 page, until a publication renders it again.
  const builtNotFound = representation(await readFile(join(clientDir, '404.html'), 'utf8'));

  const renderer = await createInternalRenderer(handler);

  globalThis[Symbol.for('content-site.live-host')] = {
    renderKeys: () => new Map([...live.pages.values()].map((page) => [page.path, page.renderKey])),
    livePage(path) {
      const page = live.pages.get(path);
      return page && { slug: page.slug, path: page.path, body: page.body, version: page.version, renderKey: page.renderKey };
    },
    install(version) {
      live = nextVersion(live, version);
    },
    builtLayouts,
    clientDir,
    // What a render worker loads (src/server/publish/render-pool.ts).
    renderWorkerFiles: { script: new URL('./render-worker.mjs', import.meta.url).href, serverEntry: serverEntry.href },
  };

  async function sendText(request, response, { forms, etag }, contentType, contentVersion, status = 200, extraHeaders = {}) {
    const available = await forms();
    const encoding = chooseEncoding(request.headers['accept-encoding'], Object.keys(available));
    if (encoding === undefined) {
      refuseRequest(request, response, 406, 'None of the accepted content codings is available', { Vary: 'Accept-Encoding' });
      return;
    }
    const headers = { 'Content-Type': contentType, 'Cache-Control': REVALIDATE, 'X-Content-Version': contentVersion, ...extraHeaders, ...encodingHeaders(encoding) };
    if (status !== 200) {
      response.writeHead(status, { ...headers, 'Content-Length': String(byteLengthOf(available[encoding])) });
      endWith(response, request.method === 'HEAD' ? undefined : available[encoding]);
      return;
    }
    await sendRepresentation(request, response, { headers, etag: `"${etag}${encoding === 'identity' ? '' : `-${encoding}`}"`, body: available[encoding] });
  }

  function sendNotFound(request, response, version) {
    const page = version.pages.get(NOT_FOUND_PATH)?.html ?? builtNotFound;
    return sendText(request, response, page, HTML, version.contentVersion, 404);
  }

  return {
    /** The first publication, before the server listens: the build's content may be older than the committed content. */
    async publishAtStart() {
      const { status, body } = await renderer.request('POST', `${LIVE_PREFIX}/publish`, {});
      if (status === 200) return;
      let message = `status ${status}`;
      try {
        message = JSON.parse(body).error ?? message;
      } catch {
        // Not an error body of ours (the adapter's plain-text 500): the status says it.
      }
      throw new Error(message);
    },
    /** Stops the private socket and removes its folder. */
    close: () => renderer.close(),
    /**
     * Answers a GET or HEAD from the live version and returns true, or returns false for
     * other handlers: the page API, visitor pages, moved pages, the feed and the sitemap.
     */
    async serve(request, response, path) {
      const version = live;
      const slug = slugOf(path);
      if (slug !== undefined) {
        const page = version.bundles.get(slug);
        if (page) await sendText(request, response, page.bundle, JSON_HEADERS['Content-Type'], version.contentVersion, 200, { [PAGE_VERSION_HEADER]: page.version });
        else refuseRequest(request, response, 404, `No page with slug "${slug}"`, { 'X-Content-Version': version.contentVersion });
        return true;
      }
      // Never in place of the server's own routes: a redirect stored before their slugs were
      // reserved (src/engine/slug.ts) must not send the editor's sign-in elsewhere.
      const redirect = isServerRoute(path) ? undefined : version.redirects.get(path);
      if (redirect && !version.pages.has(path)) {
        // The query goes along (a campaign's tags, a search), as it does to a page's canonical address.
        sendPermanentRedirect(response, redirect + new URL(request.url ?? '', 'http://site.invalid').search);
        return true;
      }
      // The error page is what a failing request gets, with its 500, never a page of its own (200) to index.
      if (path === NOT_FOUND_PATH || path === SERVER_ERROR_PATH) {
        await sendNotFound(request, response, version);
        return true;
      }
      const file = version.files.get(path);
      if (file) {
        await sendText(request, response, file, TYPES[path.slice(path.lastIndexOf('.') + 1)] ?? 'text/plain; charset=utf-8', version.contentVersion);
        return true;
      }
      const key = pageKeyOf(path);
      if (key === undefined || isServerRoute(key) || key.split('/').some((segment) => segment.startsWith('.'))) return false;
      const page = version.pages.get(key);
      if (!page) {
        await sendNotFound(request, response, version);
        return true;
      }
      if (redirectedToCanonical(request, response, key)) return true;
      if (page.html) {
        await sendText(request, response, page.html, HTML, version.contentVersion);
        return true;
      }
      response.setHeader('X-Content-Version', version.contentVersion);
      if (await serveStaticText(request, response, path)) return true;
      response.removeHeader('X-Content-Version');
      return false;
    },
    /**
     * Where a read of `path` (normalised) is sent on by serve: a moved page's new address, or
     * the canonical address of a page; undefined for anything else (a file, the API, no page).
     */
    finalAddress(path) {
      const version = live;
      if (slugOf(path) !== undefined || isServerRoute(path) || version.files.has(path)) return undefined;
      const redirect = version.redirects.get(path);
      if (redirect && !version.pages.has(path)) return redirect;
      const key = pageKeyOf(path);
      if (key === undefined || isServerRoute(key) || !version.pages.has(key)) return undefined;
      return key === '/' ? '/' : `${key}/`;
    },
    /** How many pages the live version has: for the start-up line. */
    size: () => live.pages.size,
  };
}
