// Opening the file a request is answered with: never through a symlink, and for a text
// file the precompressed sibling (`.br`, `.gz`, written by server/precompress.mjs) that the
// request's Accept-Encoding prefers. Shared by the static files (server/static-files.mjs)
// and the uploaded-images handler (server/uploaded-images.mjs).
// Plain JavaScript so the production server can load it without a build step.
import { constants } from 'node:fs';
import { lstat, open } from 'node:fs/promises';
import { ENCODING_SUFFIX, ENCODINGS, chooseEncoding } from './negotiation.mjs';

/**
 * Opens a regular file without following a symlink (O_NOFOLLOW): a link in the folder never leads out of it.
 * @param {string} path
 * @returns {Promise<{ handle: import('node:fs/promises').FileHandle, info: import('node:fs').Stats } | undefined>}
 */
export async function openRegularFile(path) {
  let handle;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
    const info = await handle.stat();
    if (info.isFile()) return { handle, info };
  } catch {
    // missing, a link (ELOOP) or unreadable: not served
  }
  await handle?.close();
  return undefined;
}

/**
 * Whether `path` is a regular file itself, not a link to one.
 * @param {string} path
 */
export async function isRegularFile(path) {
  try {
    return (await lstat(path)).isFile();
  } catch {
    return false;
  }
}

/** Whether a sibling is a regular file (not a link) written no earlier than the file it compresses: a stale one is ignored. */
async function isFreshSibling(path, original) {
  try {
    const info = await lstat(path);
    return info.isFile() && info.mtimeMs >= original.mtimeMs;
  } catch {
    return false;
  }
}

/**
 * The representation of an opened file that the request's Accept-Encoding prefers: the file
 * itself, or its fresh precompressed sibling (the original is then closed). Undefined when
 * the client accepts none (406); the original is closed then too.
 * @param {string} path the file's path
 * @param {{ handle: import('node:fs/promises').FileHandle, info: import('node:fs').Stats }} original opened by openRegularFile
 * @param {string | undefined} acceptEncoding
 * @param {boolean} [movable] a file that may be moved onto its name (fileEtag)
 */
export async function chooseRepresentation(path, original, acceptEncoding, movable = false) {
  const fresh = await Promise.all(ENCODINGS.map((encoding) => isFreshSibling(path + ENCODING_SUFFIX[encoding], original.info)));
  const encoding = chooseEncoding(acceptEncoding, ENCODINGS.filter((_, index) => fresh[index]));
  const sibling = encoding && encoding !== 'identity' ? await openRegularFile(path + ENCODING_SUFFIX[encoding]) : undefined;
  if (encoding === undefined || sibling) await original.handle.close();
  if (encoding === undefined) return undefined;
  const { handle, info } = sibling ?? original;
  const served = sibling ? encoding : 'identity';
  const etag = fileEtag(info, served, movable);
  return { encoding: served, etag, lastModified: original.info.mtime, body: { handle, size: info.size } };
}

/**
 * A file's weak ETag, naming the coding when it is not identity, so a cache never answers one
 * coding's request with another's bytes: its size and mtime. For a file that may be moved onto its
 * name (`movable`: an uploaded image renamed onto another's), its inode and change time too, since it
 * keeps its size and mtime, which the file there before may have had. Not for the build's files,
 * whose ETags then stay equal on every server a build is copied to (with their mtimes).
 * @param {import('node:fs').Stats} info @param {string} [coding] @param {boolean} [movable]
 */
export function fileEtag(info, coding = 'identity', movable = false) {
  const stamp = movable ? [info.size, Math.trunc(info.mtimeMs), info.ino, Math.trunc(info.ctimeMs)] : [info.size, Math.trunc(info.mtimeMs)];
  const parts = stamp.map((part) => part.toString(16));
  return `W/"${parts.join('-')}${coding === 'identity' ? '' : `-${coding}`}"`;
}

/** Content-Encoding (unless identity) and Vary, for every answer of a resource that has compressed forms. */
export function encodingHeaders(encoding) {
  return { Vary: 'Accept-Encoding', ...(encoding === 'identity' ? {} : { 'Content-Encoding': encoding }) };
}
