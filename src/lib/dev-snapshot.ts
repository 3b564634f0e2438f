/** Dev only: the content as it is on disk right now. */
import { createFsSnapshotLoader } from '../engine/fs-snapshot';
import { DATA_ROOT } from '../server/paths';

export const loadDevSnapshot = createFsSnapshotLoader(DATA_ROOT);
