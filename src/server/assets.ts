/**
 * The uploaded-images folder: storing an upload (idempotent for identical
 * bytes, 409 for different bytes unless overwriting) and listing what is there.
 */
import { lstat, readFile, readdir } from 'node:fs/promises';

import { createFileExclusive, writeFileAtomic } from './atomic-write';
import { HttpError } from './errors';
import { checkFilename, checkImageContent, decodeBase64, IMAGE_EXTENSIONS } from './images';
import { ASSETS_DIR, ASSETS_MIRROR_DIRS, ASSETS_URL_PREFIX, containedPath } from './paths';
import { serialised } from './serialise';

/** Compares by Unicode code point, not UTF-16 unit, so the order is the same in every language. */
export function compareCodePoints(a: string, b: string): number {
  const [x, y] = [Array.from(a), Array.from(b)];
  for (let i = 0; i < Math.min(x.length, y.length); i += 1) {
    const difference = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (difference !== 0) return difference;
  }
  return x.length - y.length;
}

export async function listAssetUrls(dir = ASSETS_DIR): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile()) // Dirent reports symlinks and folders as non-files
    .map((entry) => entry.name)
    .filter((name) => !name.startsWith('.') && IMAGE_EXTENSIONS.includes(name.split('.').pop()!.toLowerCase()))
    .sort(compareCodePoints)
    .map((name) => ASSETS_URL_PREFIX + name);
}

async function existingBytes(path: string): Promise<Buffer | undefined> {
  try {
    const info = await lstat(path);
    if (!info.isFile()) throw new HttpError(409, 'An entry with that name exists and is not a regular file');
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

export interface UploadRequest {
  filename?: unknown;
  data?: unknown;
  mimeType?: unknown;
  overwrite?: unknown;
}

const conflict = (filename: string) =>
  new HttpError(409, `An image named "${filename}" already exists with different content; send "overwrite": true to replace it`);

/**
 * Validates and stores an upload; returns its public URL. Uploads under one
 * name run one at a time, and a new name is created exclusively, so of
 * concurrent uploads of different bytes exactly one wins and the others get
 * 409; the production copies (dist/ and public/) are written under the same
 * turn, so they never diverge.
 */
export async function storeUpload(body: UploadRequest, maxBytes: number): Promise<string> {
  const claimed = checkFilename(body.filename);
  const filename = body.filename as string;
  const bytes = decodeBase64(body.data, maxBytes);
  await checkImageContent(bytes, claimed, body.mimeType);
  if (body.overwrite !== undefined && typeof body.overwrite !== 'boolean') throw new HttpError(400, 'overwrite must be a boolean');

  const target = await containedPath(ASSETS_DIR, [filename]);
  const url = ASSETS_URL_PREFIX + filename;
  await serialised(`upload:${target}`, async () => {
    if (body.overwrite === true) {
      await writeFileAtomic(target, bytes);
    } else {
      // The same bytes again are fine; a refusal writes nothing. Another process may still take
      // the name between this look and the write: the exclusive create catches that.
      const current = await existingBytes(target);
      if (current && !current.equals(bytes)) throw conflict(filename);
      if (current) return;
      if (!(await createFileExclusive(target, bytes))) {
        if (!(await existingBytes(target))?.equals(bytes)) throw conflict(filename);
        return;
      }
    }
    // Production serves a copy of public/ from dist/; keep the source folder in step so a rebuild keeps the upload.
    for (const mirror of ASSETS_MIRROR_DIRS) await writeFileAtomic(await containedPath(mirror, [filename]), bytes);
  });
  return url;
}
