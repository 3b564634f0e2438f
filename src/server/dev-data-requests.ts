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
 */
import { realpathSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { relative, sep } from 'node:path';
import type { Plugin } from 'vite';
import { normalisedPath } from '../../server/requests.mjs';

const realPathOf = (dir: string) => {
  try {
    return realpathSync(dir);
  } catch {
    return dir;
  }
};

/** URL path prefixes that name a folder of the project: by project path, and by filesystem path through /@fs/. */
export function folderPrefixes(projectRoot: string, dir: string): string[] {
  const inProject = relative(projectRoot, dir).split(sep).join('/');
  return [`/${inProject}`, `/@fs${dir}`, `/@fs${realPathOf(dir)}`];
}

/** True when a request's path names one of the folders (by their prefixes) or anything in it. */
export function isFolderFileRequest(url: string, prefixes: readonly string[]): boolean {
  // An undecodable path is the dev guard's to refuse (400).
  const path = normalisedPath(url);
  if (path === undefined) return false;
  // Vite's /@id/ prefix resolves the rest of the path as a module id.
  const bare = path.startsWith('/@id/') ? path.slice('/@id'.length) : path;
  return prefixes.some((prefix) => bare === prefix || bare.startsWith(`${prefix}/`));
}

/** Refuses Vite's file-path spellings of the content folders (src/data, the uploaded images). */
export function refuseContentFileRequests(projectRoot: string, folders: readonly string[]): Plugin {
  const prefixes = folders.flatMap((dir) => folderPrefixes(projectRoot, dir));
  return {
    name: 'content-site-refuse-content-files',
    configureServer(server) {
      server.middlewares.use((request: IncomingMessage, response: ServerResponse, next: () => void) => {
        if (!isFolderFileRequest(request.url ?? '', prefixes)) return next();
        response.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8' });
        response.end(JSON.stringify({ error: 'Not found: content files are served through the page API, and images at /assets/images/, only' }));
      });
    },
  };
}
