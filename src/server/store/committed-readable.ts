/**
 * The newest version of a data file that git's history holds readable: what a server publishing
 * every commit would last have read of a file that cannot be read now. After a restart, the
 * previous publication's reading is gone, and the build's copy may be older than the history (a
 * post unpublished since the build came back, from the build, once its file was pushed broken).
 */
import { gitAt, literal } from '../../../server/git-content.mjs';
import { MAX_DATA_FILE_BYTES, readDataText } from '../../engine/data-files';

/** How far back the history is read, in commits that touched the file. */
const MAX_COMMITS = 20;

/**
 * The parsed content of `path` (in the repository at `dir`) at the newest commit that touched it
 * and left it readable JSON within the size limit; undefined when there is none: never readable,
 * or deleted since it last was (a file deleted and made again is new, and never read).
 * @param dir the working tree @param path the file's path in the repository
 */
export async function committedReadable(dir: string, path: string): Promise<unknown> {
  const client = gitAt(dir);
  // A literal pathspec: `pages/x/[slug].json` as a pattern also matched pages/x/s.json.
  const commits = (await client.raw(['log', `-n${MAX_COMMITS}`, '--format=%H', '--', ...literal([path])]).catch(() => '')).split('\n').filter(Boolean);
  for (const commit of commits) {
    let text: string;
    try {
      text = await client.show([`${commit}:${path}`]);
    } catch {
      return undefined; // deleted at this commit: nothing older is this file
    }
    if (Buffer.byteLength(text) > MAX_DATA_FILE_BYTES) continue;
    const read = readDataText(text);
    if (read.broken === undefined) return read.value;
    // Unreadable at this commit too: an older one may not be.
  }
  return undefined;
}
