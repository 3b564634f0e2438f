/**
 * The uploaded-images folder: storing an upload (idempotent for identical
 * bytes, 409 for different bytes unless overwriting) and listing what is there.
 */
import { readdir } from 'node:fs/promises';

import { HttpError } from './errors';
import { checkFilename, checkImageContent, decodeBase64, IMAGE_EXTENSIONS } from './images';
import { ASSETS_DIR, ASSETS_URL_PREFIX } from './paths';
import type { Author, ContentStore, MayWrite } from './store/content-store';
import { withoutTrailingData } from './raster-structure';
import { withoutLocation } from './upload-location';
import { checkImageContentOffThread } from './image-check-thread';
import { runCostly } from './upload-work';

/** Compares by Unicode code point, not UTF-16 unit, so the order is the same in every language. */
export function compareCodePoints(a: string, b: string): number {
  const [x, y] = [Array.from(a), Array.from(b)];
  for (let i = 0; i < Math.min(x.length, y.length); i += 1) {
    const difference = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (difference !== 0) return difference;
  }
  return x.length - y.length;
}

/** The file names of the images in `dir` that are served: regular files with an image extension, not dotfiles. */
export async function listImageNames(dir = ASSETS_DIR): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile()) // Dirent reports symlinks and folders as non-files
    .map((entry) => entry.name)
    .filter((name) => !name.startsWith('.') && IMAGE_EXTENSIONS.includes(name.split('.').pop()!.toLowerCase()))
    .sort(compareCodePoints);
}

export async function listAssetUrls(dir = ASSETS_DIR): Promise<string[]> {
  return (await listImageNames(dir)).map((name) => ASSETS_URL_PREFIX + name);
}

export interface UploadRequest {
  filename?: unknown;
  data?: unknown;
  mimeType?: unknown;
  overwrite?: unknown;
}

export interface StoredUploadAnswer {
  /** The public URL. */
  url: string;
  /** The image recorded where it was taken (a GPS position), which was removed before it was stored. */
  locationRemoved: boolean;
}

/**
 * Validates an upload and stores it as a change of the content store (its own
 * commit with the git backend); returns its public URL. What is stored is what
 * withoutLocation makes of the bytes sent (the bytes themselves, unless they
 * record a GPS position), a JPEG's without what follows its end (withoutTrailingData), and that is what the store compares: concurrent
 * uploads under one name are serialised by it, the same file again is no
 * change, and of different files the first wins and the others get 409 unless
 * they overwrite. The checks judge the bytes as sent. The costly part (the checks' decode or
 * parse, the re-encoding) runs in the process's slots of costly image work (upload-work.ts), and
 * an SVG's parse in a thread of its own (image-check-thread.ts).
 */
export async function storeUpload(body: UploadRequest, maxBytes: number, store: ContentStore, author?: Author, mayWrite?: MayWrite): Promise<StoredUploadAnswer> {
  const claimed = checkFilename(body.filename);
  const filename = body.filename as string;
  const sent = decodeBase64(body.data, maxBytes);
  if (body.overwrite !== undefined && typeof body.overwrite !== 'boolean') throw new HttpError(400, 'overwrite must be a boolean');
  const { bytes, locationRemoved } = await runCostly(async () => {
    // A file named .svg is parsed only if it is one: the thread is for that parse, and a raster check's decode runs on libuv's threads already.
    await (claimed === 'svg' ? checkImageContentOffThread : checkImageContent)(sent, claimed, body.mimeType);
    return withoutLocation(withoutTrailingData(sent, claimed), claimed);
  });
  await store.putImage(filename, bytes, { overwrite: body.overwrite === true, ...(author && { author }), ...(mayWrite && { mayWrite }) });
  return { url: ASSETS_URL_PREFIX + filename, locationRemoved };
}
