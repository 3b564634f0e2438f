/**
 * This server's content store. Dev: the filesystem backend over the project's
 * src/data and public/assets/images (production editing comes with the git backend).
 */
import { loadDevSnapshot } from '../../lib/dev-snapshot';
import { PROJECT_ROOT } from '../paths';
import { createContentStore } from './content-store';
import { fsStoreDirs } from './dirs';
import { createFsBackend } from './fs-backend';

export const contentStore = createContentStore(
  createFsBackend({ ...fsStoreDirs(PROJECT_ROOT), loadSnapshot: async () => (await loadDevSnapshot()).snapshot }),
);
