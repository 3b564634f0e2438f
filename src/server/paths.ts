/**
 * Where the project's files live, and the one way to turn user input into a
 * path inside them. Every path built from a request goes through `containedPath`.
 */
import { readdirSync } from 'node:fs';
import { lstat, realpath } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { HttpError } from './errors';
import { ASSETS_URL_PREFIX } from '../../server/headers.mjs';
import { serverConfig } from '../../server/config.mjs';
import { uploadedImagesDir } from '../../server/uploaded-images.mjs';

export { ASSETS_URL_PREFIX };

/** The project folder. `npm run dev` and `npm start` run from it; CONTENT_ROOT overrides. */
export const PROJECT_ROOT = serverConfig().projectRoot;
/** Where the content is read and written: the project, or the git working tree that keeps it (server/config.mjs). */
export const CONTENT_ROOT = serverConfig().contentRoot;
export const DATA_ROOT = join(CONTENT_ROOT, 'src', 'data');
/**
 * Uploaded images, served at /assets/images/<filename>: public/ of the content
 * root, where the content store writes them. The production server serves them
 * from there, and falls back to the build's copy (server/index.mjs).
 */
export const ASSETS_DIR = uploadedImagesDir(CONTENT_ROOT, true);

function isInside(root: string, candidate: string): boolean {
  const rel = relative(root, candidate);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** The deepest existing ancestor of `path`, resolved through symlinks. */
async function realAncestor(path: string): Promise<{ real: string; rest: string }> {
  let current = path;
  for (;;) {
    try {
      return { real: await realpath(current), rest: relative(current, path) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      const parent = dirname(current);
      if (parent === current) throw error;
      current = parent;
    }
  }
}

/**
 * Joins already-validated segments onto `root` and proves the result stays
 * inside it, both lexically and after following symlinks of every existing
 * folder on the way, and that no segment is a symbolic link at all (a link
 * that stays inside would still be replaced, or written through, unseen).
 * Throws a 400 otherwise.
 */
export async function containedPath(root: string, segments: readonly string[]): Promise<string> {
  for (const segment of segments) {
    if (segment === '' || segment === '.' || segment === '..' || /[\\/\0%]/.test(segment)) {
      throw new HttpError(400, `Invalid path segment "${segment.replace(/\0/g, '\\0')}"`);
    }
  }
  const target = join(root, ...segments);
  if (!isInside(root, target)) throw new HttpError(400, 'Path leaves its folder');
  const realRoot = await realpath(root);
  const { real, rest } = await realAncestor(target);
  if (!isInside(realRoot, join(real, rest))) throw new HttpError(400, 'Path leaves its folder through a link');
  await refuseLinks(root, segments, (link) => `Path goes through a symbolic link: ${link}`);
  return target;
}

/**
 * Refuses segments under `root` that are, or pass through, a symbolic link,
 * wherever it points: `containedPath` already refuses links that leave the
 * folder, and this keeps a write from replacing a link or landing in the folder
 * a link names. `describe` words the refusal for the first link found (its
 * `/`-joined segments). Segments that do not exist yet are fine.
 */
export async function refuseLinks(root: string, segments: readonly string[], describe: (link: string) => string): Promise<void> {
  let current = root;
  for (let index = 0; index < segments.length; index += 1) {
    current = join(current, segments[index]!);
    let isLink: boolean;
    try {
      isLink = (await lstat(current)).isSymbolicLink();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    if (isLink) throw new HttpError(400, describe(segments.slice(0, index + 1).join('/')));
  }
}

let rootFolders: ReadonlySet<string> | undefined;

/**
 * Whether `path` (absolute, `/a/b`) may be a place on this machine: its first folder is one of the
 * root's. A JSON pointer in a content error (`/sections/1/data/title`) is not, and must stay: it
 * says which field is wrong. Hiding every `/x/y` once turned those into `<path>`.
 */
function mayBeOnThisMachine(path: string): boolean {
  rootFolders ??= new Set(readdirSync('/'));
  return rootFolders.has(path.split('/')[1] ?? '');
}

/** A name's characters: what a path goes on with when the root is only the start of a longer name. */
const NAME_GOES_ON = String.raw`(?:[\w-]|\.\w)`;

/**
 * An error message safe to send about the project at `root`: paths in it become relative, the root
 * itself `.`, and other places on this machine `<path>`. A folder beside the project whose name
 * starts with the root's (`/srv/site-remote.git` beside `/srv/site`) is another place: it once
 * became `.-remote.git`, half told and read as a place in the project, and with a one-level root
 * (`/app`) the root was sent as it was before a `.`, `)` or `;`.
 */
export function hidePaths(message: string, root: string): string {
  const escaped = root.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return message
    .split(root + sep)
    .join('')
    .replace(new RegExp(`${escaped}(?=${NAME_GOES_ON})[^\\s'",:;)&]*`, 'g'), '<path>')
    .replace(new RegExp(`${escaped}(?!${NAME_GOES_ON})`, 'g'), '.')
    .replace(/(?<![\w.])\/(?:[^\s'",:]+\/)+[^\s'",:]*/g, (path) => (mayBeOnThisMachine(path) ? '<path>' : path));
}

/** An error message safe to send: project paths become relative, other absolute paths on this machine are hidden. */
export function publicMessage(message: string): string {
  return hidePaths(message, PROJECT_ROOT);
}
