/**
 * The uploaded-images folder: storing an upload (idempotent for identical
 * bytes, 409 for different bytes unless overwriting) and listing what is there.
 */
import { lstat, readFile, readdir } from 'node:fs/promises';

import { writeFileAtomic } from './atomic-write';
import { HttpError } from './errors';
import { checkFilename, checkImageContent, decodeBase64, IMAGE_EXTENSIONS } from './images';
import { ASSETS_DIR, ASSETS_MIRROR_DIRS, ASSETS_URL_PREFIX, containedPath } from './paths';

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

/** Validates and stores an upload; returns its public URL. */
export async function storeUpload(body: UploadRequest, maxBytes: number): Promise<string> {
  const claimed = checkFilename(body.filename);
  const filename = body.filename as string;
  const bytes = decodeBase64(body.data, maxBytes);
  await checkImageContent(bytes, claimed, body.mimeType);
  if (body.overwrite !== undefined && typeof body.overwrite !== 'boolean') throw new HttpError(400, 'overwrite must be a boolean');

  const target = await containedPath(ASSETS_DIR, [filename]);
  // With overwrite there is nothing to compare, so the old file is not read.
  const current = body.overwrite === true ? undefined : await existingBytes(target);
  if (current && !current.equals(bytes)) {
    throw new HttpError(409, `An image named "${filename}" already exists with different content; send "overwrite": true to replace it`);
  }
  if (!current) {
    await writeFileAtomic(target, bytes);
    // Production serves a copy of public/ from dist/; keep the source folder in step so a rebuild keeps the upload.
    for (const mirror of ASSETS_MIRROR_DIRS) await writeFileAtomic(await containedPath(mirror, [filename]), bytes);
  }
  return ASSETS_URL_PREFIX + filename;
}

