/**
 * Where the filesystem content store keeps its files, from the project folder
 * alone (no Vite environment), so start-up recovery can run from the Astro
 * integration before the dev server serves anything.
 */
import { join } from 'node:path';
import { uploadedImagesDir } from '../../../server/uploaded-images.mjs';

export function fsStoreDirs(projectRoot: string) {
  return {
    dataRoot: join(projectRoot, 'src', 'data'),
    imagesDir: uploadedImagesDir(projectRoot, true),
    /** Journals of changes in progress: inside the project, outside src/data and public/. */
    journalDir: join(projectRoot, '.content-store', 'journal'),
  };
}
