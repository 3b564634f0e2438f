/**
 * The folders of the content repository the content store owns, and the rule that keeps them
 * folders. Checked out, a commit in which `src/data` is a link to a host folder would publish that
 * folder's files, and an editor's save would write into it. The links inside the folders are
 * refused by whoever reads them (src/engine/data-files.ts); a commit that makes a content folder,
 * or a folder above one, a link or a file is never checked out (server/git-content.mjs).
 */

/** The folders of the repository the content store writes: everything else is the developers'. */
export const CONTENT_PATHS = ['src/data', 'public/assets/images'];

/** The code of the error a refused commit is reported with. */
export const LINKED_CONTENT_FOLDER = 'LINKED_CONTENT_FOLDER';

/** The content folders and every folder above them in the repository (`src`, `src/data`, `public`, …). */
const CONTENT_FOLDER_CHAIN = [...new Set(CONTENT_PATHS.flatMap((path) => path.split('/').map((_, index, parts) => parts.slice(0, index + 1).join('/'))))];

/**
 * Repository paths as literal pathspecs: a page template is `[slug].json`, which git
 * would otherwise read as a pattern.
 * @param {readonly string[]} paths
 */
export const literal = (paths) => paths.map((path) => `:(literal)${path}`);

/**
 * Why `commit` may not be checked out, in words, or undefined when every content folder and every
 * folder above one is a folder there (or absent).
 * @param {{ raw(args: string[]): Promise<string> }} client a git client of the working tree
 * @param {string} commit
 */
export async function linkedContentFolder(client, commit) {
  const listing = await client.raw(['ls-tree', '-z', commit, '--', ...literal(CONTENT_FOLDER_CHAIN)]);
  for (const entry of listing.split('\0').filter(Boolean)) {
    const [meta, path] = entry.split('\t');
    const [mode, type] = (meta ?? '').split(' ');
    // Asked for a folder and a folder inside it (`src`, `src/data`), git lists what the outer one
    // holds: the project's own files beside the content (`src/middleware.ts`, `public/favicon.svg`).
    if (!CONTENT_FOLDER_CHAIN.includes(path ?? '')) continue;
    if (type !== 'tree') {
      return `The content repository's ${commit.startsWith('origin/') ? 'branch' : 'commit'} makes ${path} ${mode === '120000' ? 'a symbolic link' : 'a file'} where content is kept in a folder, so the server does not check it out, and the site stays as it is. Replace it with the folder itself and push again.`;
    }
  }
  return undefined;
}
