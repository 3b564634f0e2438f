/**
 * Where drafts are kept in the browser's storage (drafts.ts).
 */

/**
 * Each tab keeps its drafts under keys of its own (`<PREFIX><tab>:<file>`), so tabs never write
 * over, or forget, each other's. Drafts of a tab that is still open are that tab's work, not an
 * earlier session's: they are never offered, nor discarded, elsewhere (see `liveTabs`).
 */
const PREFIX = 'content-editor:draft:';
/** Where older versions of the editor set aside the drafts on offer: still read, so none is lost. */
const LEGACY_PENDING = 'content-editor:pending:';

export const keyOf = (tab: string, file: string) => `${PREFIX}${tab}:${file}`;

/** Whether a storage key is a draft's, of any tab (or set aside by an older version of the editor). */
export const isDraftKey = (key: string | null) => key !== null && (key.startsWith(PREFIX) || key.startsWith(LEGACY_PENDING));

/** Whether a storage key is one of this tab's drafts (another tab's `storage` event may name it). */
export const isDraftKeyOf = (tab: string, key: string | null) => key !== null && key.startsWith(`${PREFIX}${tab}:`);
