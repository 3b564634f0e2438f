/**
 * Dev server only: Vite serves any file of the project by its path, as a
 * module or raw (`/src/data/shared/x.json`, `?raw`, `/@fs/<project>/src/data/…`),
 * and it follows symbolic links while doing so: a link in src/data to a host
 * file or folder was readable through the dev server even though the site's
 * own routes refuse links (src/engine/data-files.ts). Nothing in the site or
 * the editor loads src/data through Vite (content is read from disk by the
 * routes), so every such request is answered 404 before Vite sees it.
 */
import { realpathSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin } from 'vite';
import { normalisedPath } from '../../server/requests.mjs';

/** URL path prefixes that name the data folder: by project path, and by filesystem path through /@fs/. */
function dataPrefixes(dataRoot: string): string[] {
  const real = (() => {
    try {
      return realpathSync(dataRoot);
    } catch {
      return dataRoot;
    }
  })();
  return ['/src/data', `/@fs${dataRoot}`, `/@fs${real}`];
}

/** True when a request's path names src/data or anything in it. */
export function isDataFileRequest(url: string, prefixes: readonly string[]): boolean {
  // An undecodable path is the dev guard's to refuse (400).
  const path = normalisedPath(url);
  if (path === undefined) return false;
  // Vite's /@id/ prefix resolves the rest of the path as a module id.
  const bare = path.startsWith('/@id/') ? path.slice('/@id'.length) : path;
  return prefixes.some((prefix) => bare === prefix || bare.startsWith(`${prefix}/`));
}

export function refuseDataFileRequests(dataRoot: string): Plugin {
  const prefixes = dataPrefixes(dataRoot);
  return {
    name: 'content-site-refuse-data-files',
    configureServer(server) {
      server.middlewares.use((request: IncomingMessage, response: ServerResponse, next: () => void) => {
        if (!isDataFileRequest(request.url ?? '', prefixes)) return next();
        response.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8' });
        response.end(JSON.stringify({ error: 'Not found: content files are served through the page API only' }));
      });
    },
  };
}
