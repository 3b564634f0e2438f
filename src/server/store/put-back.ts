/**
 * The bytes of a change's files before it, and putting them back with the filesystem alone:
 * what the git backend does when git itself cannot undo a change (git-backend.ts, rollBack).
 * Shared with the production server's start, which puts back a change a crash cut short.
 */
export { putBack, readBefore, type FilesBefore } from '../../../server/work-before.mjs';
