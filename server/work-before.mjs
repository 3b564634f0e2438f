// A change's files as they were before it, in the working tree and in the index, and putting them
// back. Without a remote the git working tree is the project a developer works in, so a change
// that does not happen leaves its files as they were, staged or not, never as the last commit has
// them, which threw away what a developer had not committed yet (a pull's merged files, a file they
// had added). A change that fails puts them back at once (src/server/store/git-backend.ts,
// rollBack); for a crash in the middle of one, they are kept on disk beside the pending record
// (git-content.mjs, markPending), and the next start puts them back.
// Plain JavaScript so the production server can load it without a build step.
import { lstat, mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from './atomic-write.mjs';

/** @typedef {ReadonlyMap<string, Buffer | null>} FilesBefore Each repository path's bytes, or null where there was no file. */
/** @typedef {ReadonlyMap<string, string | null>} IndexBefore Each repository path's index entry (`<mode>,<object>`), or null where the index had none. */
/** @typedef {{ files: Record<string, string | null>, index: Record<string, string | null> }} KeptWork What a pending change keeps on disk: each path's copy (a file name in the folder) or null, and its index entry. */

/** Paths per git command when putting entries back: a change may rewrite thousands of files, and one argument list has a limit. */
const PATHS_A_COMMAND = 100;

/**
 * The bytes of each path; a link or folder is left out (never followed, never written over).
 * @param {string} dir @param {readonly string[]} paths @returns {Promise<FilesBefore>}
 */
export async function readBefore(dir, paths) {
  const before = new Map();
  for (const path of paths) {
    const info = await lstat(join(dir, path)).catch(() => undefined);
    if (!info) before.set(path, null);
    else if (info.isFile()) before.set(path, await readFile(join(dir, path)));
  }
  return before;
}

/**
 * Makes every path read by readBefore as it was: its old bytes written back atomically, or the file removed.
 * @param {string} dir @param {FilesBefore} before
 */
export async function putBack(dir, before) {
  for (const [path, bytes] of before) {
    if (bytes === null) await rm(join(dir, path), { force: true });
    else await writeFileAtomic(join(dir, path), bytes);
  }
}

/**
 * The index entries of `paths`. `ls-files` takes no pathspec file, and the whole index is a quick
 * read; each entry is `<mode> <object> <stage>\t<path>`.
 * @param {import('simple-git').SimpleGit} git @param {readonly string[]} paths @returns {Promise<IndexBefore>}
 */
export async function readIndexBefore(git, paths) {
  const wanted = new Set(paths);
  const before = new Map(paths.map((path) => [path, /** @type {string | null} */ (null)]));
  for (const entry of (await git.raw(['ls-files', '-s', '-z'])).split('\0')) {
    const tab = entry.indexOf('\t');
    const [mode, object] = entry.slice(0, tab).split(' ');
    const path = entry.slice(tab + 1);
    if (tab > 0 && wanted.has(path)) before.set(path, `${mode},${object}`);
  }
  return before;
}

/**
 * Gives every path read by readIndexBefore the entry it had, or none.
 * @param {import('simple-git').SimpleGit} git @param {IndexBefore} before
 */
export async function putIndexBack(git, before) {
  const entries = [...before];
  for (let from = 0; from < entries.length; from += PATHS_A_COMMAND) {
    const batch = entries.slice(from, from + PATHS_A_COMMAND);
    const kept = batch.flatMap(([path, entry]) => (entry === null ? [] : ['--cacheinfo', `${entry},${path}`]));
    const gone = batch.flatMap(([path, entry]) => (entry === null ? [path] : []));
    if (kept.length > 0) await git.raw(['update-index', '--add', ...kept]);
    if (gone.length > 0) await git.raw(['update-index', '--force-remove', '--', ...gone]);
  }
}

/**
 * Copies the files into `folder` (made empty first) and returns where each is, for the pending
 * record: what a crash in the middle of the change is undone to.
 * @param {string} folder @param {FilesBefore} before @param {IndexBefore} index @returns {Promise<KeptWork>}
 */
export async function keepWork(folder, before, index) {
  await rm(folder, { recursive: true, force: true });
  await mkdir(folder, { recursive: true });
  /** @type {KeptWork} */
  const work = { files: {}, index: Object.fromEntries(index) };
  let copies = 0;
  for (const [path, bytes] of before) {
    if (bytes === null) work.files[path] = null;
    else {
      const name = String((copies += 1));
      await writeFileAtomic(join(folder, name), bytes);
      work.files[path] = name;
    }
  }
  return work;
}

/**
 * Puts back what keepWork kept: the working tree's files from their copies in `folder`, and the index entries.
 * @param {string} dir @param {import('simple-git').SimpleGit} git @param {string} folder @param {KeptWork} work
 */
export async function putWorkBack(dir, git, folder, work) {
  const files = new Map();
  for (const [path, name] of Object.entries(work.files)) files.set(path, name === null ? null : await readFile(join(folder, name)));
  await putBack(dir, files);
  await putIndexBack(git, new Map(Object.entries(work.index)));
}
