/**
 * The git index's entries for a change's files before it, and putting them back: without a remote
 * the working tree is the project a developer works in, so a change that fails leaves its files
 * as they were, staged or not (git-backend.ts, rollBack), not as the last commit has them, which
 * threw away what a developer had not committed yet (a pull's merged files, a file they had added).
 */
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { gitAt } from '../../../server/git-content.mjs';
import { HttpError } from '../errors';

/** Each repository path's index entry (`<mode>,<object>`), or null where the index had none. */
export type IndexBefore = ReadonlyMap<string, string | null>;

/** Paths per git command when putting entries back: a change may rewrite thousands of files, and one argument list has a limit. */
const PATHS_A_COMMAND = 100;

export async function readIndexBefore(dir: string, paths: readonly string[]): Promise<IndexBefore> {
  const wanted = new Set(paths);
  const before = new Map<string, string | null>(paths.map((path) => [path, null]));
  // `ls-files` takes no pathspec file, and the whole index is a quick read; each entry is `<mode> <object> <stage>\t<path>`.
  for (const entry of (await gitAt(dir).raw(['ls-files', '-s', '-z'])).split('\0')) {
    const tab = entry.indexOf('\t');
    const [mode, object] = entry.slice(0, tab).split(' ');
    const path = entry.slice(tab + 1);
    if (tab > 0 && wanted.has(path)) before.set(path, `${mode},${object}`);
  }
  return before;
}

/** Gives every path read by readIndexBefore the entry it had, or none. */
export async function putIndexBack(dir: string, before: IndexBefore): Promise<void> {
  const git = gitAt(dir);
  const entries = [...before];
  for (let from = 0; from < entries.length; from += PATHS_A_COMMAND) {
    const batch = entries.slice(from, from + PATHS_A_COMMAND);
    const kept = batch.flatMap(([path, entry]) => (entry === null ? [] : ['--cacheinfo', `${entry},${path}`]));
    const gone = batch.flatMap(([path, entry]) => (entry === null ? [path] : []));
    if (kept.length > 0) await git.raw(['update-index', '--add', ...kept]);
    if (gone.length > 0) await git.raw(['update-index', '--force-remove', '--', ...gone]);
  }
}

/** What git leaves in `.git` while an operation a person started waits for them (a pull that stopped on a conflict). */
const OPERATIONS_IN_PROGRESS: readonly [file: string, what: string][] = [
  ['MERGE_HEAD', 'a merge'],
  ['CHERRY_PICK_HEAD', 'a cherry-pick'],
  ['REVERT_HEAD', 'a revert'],
  ['rebase-merge', 'a rebase'],
  ['rebase-apply', 'a rebase'],
];

/**
 * Refuses a change while someone's git operation is in progress in the repository: git would
 * refuse its commit ("cannot do a partial commit during a merge") after the files were written,
 * and the operator's resolution is theirs to finish.
 */
export async function refuseOperationInProgress(dir: string): Promise<void> {
  for (const [file, what] of OPERATIONS_IN_PROGRESS) {
    const inProgress = await access(join(dir, '.git', file)).then(() => true, () => false);
    if (inProgress) {
      throw new HttpError(503, `The content repository is in the middle of ${what} that someone started there, so nothing was saved. Finish it there (or abort it), then save again.`);
    }
  }
}
