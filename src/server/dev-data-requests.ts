/**
 * Dev server only: Vite serves any file of the project by its path, as a
 * module or raw (`/src/data/shared/x.json`, `?raw`, `/@fs/<project>/src/data/…`,
 * `/public/assets/images/x.svg`), and it follows symbolic links while doing so.
 * A link in src/data or in the uploaded images' folder to a host file was
 * readable through the dev server even though the site's own routes refuse
 * links (src/engine/data-files.ts, server/uploaded-images.mjs), and an
 * uploaded SVG came without the sandbox its own route gives it. Nothing in the
 * site or the editor loads those folders through Vite: content is read from
 * disk by the routes, and uploads are served at /assets/images/ by the same
 * handler production uses. So every request naming either folder by its file
 * path is answered 404 before Vite sees it.
 *
 * Astro's own image endpoint (`/_image?href=…`) is a second way to the same
 * files: it names the file in its query, re-serves an SVG without the sandbox,
 * follows links, and makes any size of image for any GET, with none of the
 * variant limits. The site never uses it (variants are made at /_img/ by the
 * handler production uses, server/variant-making-limits.mjs), and production
 * does not serve it, so in dev it is answered 404 too.
 */
import { realpathSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isAbsolute, relative, sep } from 'node:path';
import type { Plugin } from 'vite';
import { normalisedPath } from '../../server/requests.mjs';

const realPathOf = (dir: string) => {
  try {
    return realpathSync(dir);
  } catch {
    return dir;
  }
};

/**
 * A path as a file system that ignores case and trailing dots and spaces (macOS, Windows) would
 * take it: `/Public/assets/images/x.svg` and `/src/data./x.json` name the same files there.
 */
const folded = (path: string) =>
  path
    .split('/')
    .map((segment) => segment.replace(/[. ]+$/, '').toLowerCase())
    .join('/');

/** URL path prefixes that name a folder or file: by its path in Vite's root (when inside it), and by filesystem path through /@fs/. */
export function folderPrefixes(viteRoot: string, dir: string): string[] {
  const inRoot = relative(viteRoot, dir).split(sep).join('/');
  const byRoot = inRoot === '' || inRoot.startsWith('..') || isAbsolute(inRoot) ? [] : [`/${inRoot}`];
  return [...new Set([...byRoot, `/@fs${dir}`, `/@fs${realPathOf(dir)}`].map(folded))];
}

/** True when a request's path names one of the folders (by their prefixes) or anything in it. */
export function isFolderFileRequest(url: string, prefixes: readonly string[]): boolean {
  // An undecodable path is the dev guard's to refuse (400).
  const path = normalisedPath(url);
  if (path === undefined) return false;
  // Vite's /@id/ prefix resolves the rest of the path as a module id.
  const bare = folded(path.startsWith('/@id/') ? path.slice('/@id'.length) : path);
  return prefixes.some((prefix) => bare === prefix || bare.startsWith(`${prefix}/`));
}

const refuse = (response: ServerResponse, error: string) => {
  response.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify({ error }));
};

/**
 * Refuses Vite's file-path spellings of the content folders and files (src/data, the uploaded
 * images, the store's own), and Astro's image endpoint at `imageEndpoint` (its `image.endpoint.route`).
 */
export function refuseContentFileRequests(folders: readonly string[], imageEndpoint: string): Plugin {
  let prefixes: string[] = [];
  const endpoint = [folded(imageEndpoint.replace(/\/+$/, ''))];
  return {
    name: 'content-site-refuse-content-files',
    configResolved(config) {
      prefixes = folders.flatMap((dir) => folderPrefixes(config.root, dir));
    },
    configureServer(server) {
      server.middlewares.use((request: IncomingMessage, response: ServerResponse, next: () => void) => {
        if (isFolderFileRequest(request.url ?? '', prefixes)) refuse(response, 'Not found: content files are served through the page API, and images at /assets/images/, only');
        else if (isFolderFileRequest(request.url ?? '', endpoint)) refuse(response, "Not found: Astro's image endpoint is off, as in production; images are served at /assets/images/ and their sizes at /_img/");
        else next();
      });
    },
  };
}
