// When a file's stamp (size, mtime, inode) cannot vouch for what was read: on a file system with
// coarse timestamps (one second on ext3 and HFS+, two on FAT), a file rewritten in place at the
// same size in the tick it was read in keeps its stamp. As git does with "racily clean" index
// entries, what was read of a file whose mtime is that recent is not trusted by its stamp later.
// Shared by the content snapshot loader (src/engine/fs-snapshot.ts) and image originals' facts
// (server/image-variant-store.mjs). Plain JavaScript so the production server can load it without a build step.

/** The coarsest timestamp a file system keeps (FAT's two seconds), with room for its clock to lag the process's. */
export const RACY_STAMP_MS = 3000;

/**
 * Whether a read begun at `readAt` (Date.now()) of a file last modified at `mtimeMs` could have
 * missed a rewrite that left the stamp as it is. A file dated further ahead than that is on a
 * clock that is not this process's (a network share's, an archive's): nothing can be told from
 * comparing the two, and taking it as racy would read it again on every load until the clock
 * caught up, so its stamp is trusted, as before this rule.
 * @param {number} mtimeMs
 * @param {number} readAt
 */
export const isRacy = (mtimeMs, readAt) => mtimeMs > readAt - RACY_STAMP_MS && mtimeMs <= readAt + RACY_STAMP_MS;
