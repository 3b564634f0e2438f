/** Atomic file writes, shared with the production server's plain-JS modules: see server/atomic-write.mjs. */
export { createFileExclusive, removeStaleTempFiles, TEMP_PREFIX, writeFileAtomic, writeTemp } from '../../server/atomic-write.mjs';
