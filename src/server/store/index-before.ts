/**
 * The git index's entries for a change's files before it, and putting them back: without a remote
 * the working tree is the project a developer works in, so a change that fails leaves its files
 * as they were, staged or not (git-backend.ts, rollBack), not as the last commit has them, which
 * threw away what a developer had not committed yet (a pull's merged files, a file they had added).
 */
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { HttpError } from '../errors';

// Shared with the production server's start, which puts back a change a crash cut short (server/work-before.mjs).
export { putIndexBack, readIndexBefore, type IndexBefore } from '../../../server/work-before.mjs';

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
