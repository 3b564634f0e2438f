/**
 * The content as the store sees it: the data files, and the names of the uploaded images, read
 * together under the store's lock. Image URLs a change writes must lead to an image there after
 * it, and no file may be created whose name differs only in letter case from one there
 * (validate.ts), so an image deleted meanwhile, or never uploaded, cannot go live as a broken one.
 */
import type { ContentSnapshot } from '../../engine/snapshot';
import { listImageNames } from '../assets';

/** The images in `dir`; none when the folder is not there yet (a site without uploads). */
async function imageNamesIn(dir: string): Promise<string[]> {
  try {
    return await listImageNames(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** A snapshot loader for a content store: `load`'s data files, with the images in `imagesDir`. */
export function storeSnapshotLoader(load: () => Promise<ContentSnapshot>, imagesDir: string): () => Promise<ContentSnapshot> {
  return async () => {
    const [snapshot, images] = await Promise.all([load(), imageNamesIn(imagesDir)]);
    return { ...snapshot, uploadedImages: () => images };
  };
}
