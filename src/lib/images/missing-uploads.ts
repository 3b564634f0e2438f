/**
 * Build time: content that names an uploaded image no folder has. The content store refuses a
 * change that brings one (src/server/store/image-references.ts) and the editor marks such a field,
 * but a file edited by hand, pulled from elsewhere, or an image removed outside the editor still
 * reaches the build, whose pages then show a broken image without a word. The build names each
 * (file, pointer, URL) in its warning of what leads nowhere (src/lib/links-nowhere-warning.ts)
 * rather than failing: the page is still right in every other way.
 */
import { readdir } from 'node:fs/promises';
import { imageReferences, type MarkdownReader } from '../../engine/references';
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

/**
 * Every field of the content that names an uploaded image not in `uploaded` (file names), by file
 * and pointer: a string that is an image's URL, and with `markdown`, a link in a Markdown text
 * (references.ts; without it, a Markdown field is read whole). Names compared as listed: no path is
 * ever made from what the content says.
 */
export function missingUploads(snapshot: ContentSnapshot, uploaded: ReadonlySet<string>, markdown?: MarkdownReader): MissingUpload[] {
  return [...snapshot.paths()].sort().flatMap((file) =>
    imageReferences(snapshot.get(file), { file, markdown })
      .filter(({ name }) => !uploaded.has(name))
      .map(({ pointer, url }) => ({ file, pointer, url })),
  );
}
