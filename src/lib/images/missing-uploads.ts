/**
 * Build time: content that names an uploaded image no folder has. The content store refuses a
 * change that brings one (src/server/store/image-references.ts) and the editor marks such a field,
 * but a file edited by hand, pulled from elsewhere, or an image removed outside the editor still
 * reaches the build, whose pages then show a broken image without a word. The build names each
 * (file, pointer, URL) in a warning rather than failing: the page is still right in every other way.
 */
import { readdir } from 'node:fs/promises';
import { imageReferences } from '../../engine/references';
import type { ContentSnapshot } from '../../engine/snapshot';

export interface MissingUpload {
  file: string;
  pointer: string;
  url: string;
}

/** The names of the regular files in `folder` (the uploaded images' folder), none if it is not there. Links are not followed. */
export async function regularFiles(folder: string): Promise<string[]> {
  try {
    return (await readdir(folder, { withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Every field of the content whose uploaded image's file is in none of `folders`, by file and pointer. */
export async function missingUploads(snapshot: ContentSnapshot, folders: readonly string[]): Promise<MissingUpload[]> {
  // Names compared as listed: no path is ever made from what the content says.
  const uploaded = new Set((await Promise.all(folders.map(regularFiles))).flat());
  return [...snapshot.paths()].sort().flatMap((file) =>
    imageReferences(snapshot.get(file))
      .filter(({ name }) => !uploaded.has(name))
      .map(({ pointer, url }) => ({ file, pointer, url })),
  );
}

/** What the build says of them: each one, up to `shown`, then how many more. */
export function missingUploadsWarning(missing: readonly MissingUpload[], shown = 20): string {
  const lines = missing.slice(0, shown).map(({ file, pointer, url }) => `  src/data/${file}#${pointer}: ${url}`);
  if (missing.length > shown) lines.push(`  … and ${missing.length - shown} more`);
  return [
    `${missing.length} field${missing.length === 1 ? ' names an image' : 's name images'} that no one has uploaded (public/assets/images/): visitors get a broken image there.`,
    ...lines,
    'Upload the image again under that name, or choose another image in the editor.',
  ].join('\n');
}
