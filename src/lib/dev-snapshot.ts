/** Dev only: the content as it is on disk right now. */
import { fileURLToPath } from 'node:url';
import { createFsSnapshotLoader } from '../engine/fs-snapshot';

/** src/data of the project being served. */
export const DATA_ROOT = fileURLToPath(new URL('../data', import.meta.url));

export const loadDevSnapshot = createFsSnapshotLoader(DATA_ROOT);
