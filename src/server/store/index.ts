/**
 * This server's content store, over the content root (server/config.mjs): the
 * filesystem backend over src/data and public/assets/images (the default), or
 * the git backend over its working tree (CONTENT_BACKEND=git).
 */
import { serverConfig } from '../../../server/config.mjs';
import { loadDevSnapshot } from '../../lib/dev-snapshot';
import { createContentStore } from './content-store';
import { fsStoreDirs } from './dirs';
import { createFsBackend } from './fs-backend';
import { createGitBackend } from './git-backend';
import { storeSnapshotLoader } from './store-snapshot';

const config = serverConfig();
// The data files with the uploaded images' names, which image URLs and new file names are checked against.
const loadSnapshot = storeSnapshotLoader(async () => (await loadDevSnapshot()).snapshot, fsStoreDirs(config.contentRoot).imagesDir);

export const contentStore = createContentStore(
  config.backend === 'git' ? createGitBackend(config.git, loadSnapshot) : createFsBackend({ ...fsStoreDirs(config.contentRoot), loadSnapshot }),
  undefined,
  // Commits pushed elsewhere that a save took in are published as the webhook's would be (nothing under astro dev).
  {
    afterTakingIn: () =>
      void import('../publish/publisher')
        .then(({ requestPublish }) => requestPublish())
        .catch((error: Error) => console.error(`Publishing what a save took in failed to start: ${error.message}`)),
  },
);
