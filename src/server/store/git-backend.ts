/**
 * The content store's git backend (CONTENT_BACKEND=git): the files live in a
 * git working tree, and every changeset becomes exactly one commit there,
 * authored by the signed-in user, and pushed when there is a remote.
 *
 * The files are written by the filesystem backend's journaled transaction, so
 * a change never half-applies on disk; the commit is the point where it
 * becomes real, and the push where it becomes shared. When the push is refused
 * because the remote moved, the working tree is reset to the remote and the
 * store plans, checks and commits the change again on top of it: a rebase whose
 * result is validated like any change, so a file changed on both sides is a
 * version conflict (409), and content that only the combination breaks is
 * refused (400). Whatever fails, nothing of the change stays behind.
 */
import { join } from 'node:path';
import {
  clearPending, CONTENT_PATHS, fetchBranch, gitAt, gitOnPaths, LINKED_CONTENT_FOLDER, literal, markPending, prepareContentRepository, refuseLinkedContentFolders, remoteGit, restorePending, syncFromRemote, timedOut, withGitFile,
} from '../../../server/git-content.mjs';
import { heldLock, retryingWhileLocked } from '../../../server/git-locks.mjs';
import type { ServerConfig } from '../../../server/config.mjs';
import type { ContentSnapshot } from '../../engine/snapshot';
import { HttpError } from '../errors';
import { publicMessage } from '../paths';
import { gitReason, LOCKED } from './git-reasons';
import { IMAGES_PREFIX, isImageFile } from './changeset';
import { committedReadable } from './committed-readable';
import { handEditsNote, uncommittedContent } from './uncommitted-content';
import { BaseMovedError, type CommitDetails, type StoreBackend, type StoreWrite } from './content-store';
import { fsStoreDirs } from './dirs';
import { createFsBackend } from './fs-backend';
import { putBack, readBefore, type FilesBefore } from './put-back';
import { putIndexBack, readIndexBefore, refuseOperationInProgress, type IndexBefore } from './index-before';

type GitConfig = ServerConfig['git'];

/** How many times a push the remote refused without moving is tried again. */
const MAX_PUSH_ATTEMPTS = 5;

/** A store file (`pages/home.json`, `assets/images/a.png`) as a path in the repository. */
export const repoPath = (file: string) => (isImageFile(file) ? `public/assets/images/${file.slice(IMAGES_PREFIX.length)}` : `src/data/${file}`);

export function createGitBackend(git: GitConfig, loadSnapshot: () => Promise<ContentSnapshot>): StoreBackend {
  // Journals of changes in progress live inside .git, where they are never committed nor served.
  const files = createFsBackend({ ...fsStoreDirs(git.dir), journalDir: join(git.dir, '.git', 'content-store', 'journal'), loadSnapshot });
  const client = gitAt(git.dir);
  const remote = remoteGit(git);
  const head = async () => (await client.revparse(['HEAD'])).trim();
  const tracking = `origin/${git.branch}`;

  /** A branch the server will not check out (a content folder made a link) is the remote's fault, said as such. */
  const isRefusedBranch = (error: unknown) => (error as { code?: unknown } | null)?.code === LINKED_CONTENT_FOLDER;
  const inWords = (error: unknown) => (isRefusedBranch(error) ? new HttpError(502, `Nothing was changed: ${(error as Error).message}`) : error);

  /** Puts the working tree exactly where the remote branch is (as last fetched). */
  async function resetToRemote(): Promise<void> {
    await refuseLinkedContentFolders(git.dir, tracking);
    await client.raw(['reset', '-q', '--hard', tracking]);
    await client.raw(['clean', '-fdq', '--', ...literal(CONTENT_PATHS)]);
  }

  /** Why the remote could not be reached, in words: a time limit reached names the limit. */
  const unreachable = (error: unknown) =>
    timedOut(error) ? `it did not answer within ${git.timeoutSeconds} s` : gitReason(error);

  /**
   * Pushes HEAD, while the remote's branch is where it was last seen. When the remote took other
   * commits meanwhile, or was moved back (a force push), the working tree is reset to it and
   * BaseMovedError asks the store to plan the change again on it (a rebase that is checked like
   * any change: a file changed on both sides is then a version conflict, 409).
   *
   * A push the remote went quiet on is not tried again: the fetch that follows says whether it
   * landed (the remote's branch is HEAD), which counts as pushed; otherwise the save fails
   * (503) and the store's lock is free again after about two time limits (the push, then that
   * fetch of the same remote), not the several of five tries.
   */
  async function push(): Promise<void> {
    let refusal: unknown;
    for (let attempt = 1; attempt <= MAX_PUSH_ATTEMPTS; attempt += 1) {
      // Where the remote's branch was last seen: the change was committed on top of it. Were it not
      // (simple-git reports a failing command only when it writes to stderr, so no --is-ancestor),
      // the lease below could overwrite the branch: the change is planned again on it instead.
      const known = (await client.revparse([tracking])).trim();
      if ((await client.raw(['merge-base', 'HEAD', known])).trim() !== known) {
        await resetToRemote();
        throw new BaseMovedError('The content repository moved');
      }
      try {
        // Only while the branch is still there: a push that merely fast-forwards would also take back
        // commits a developer withdrew since (a force push the clone has not synced yet), as this
        // change's parents. (A lease allows what is no fast-forward, but the change sits on `known`.)
        await remote.raw(['push', '--progress', `--force-with-lease=refs/heads/${git.branch}:${known}`, 'origin', `HEAD:refs/heads/${git.branch}`]);
        // A push updates the remote-tracking branch. One that did not was refused in silence (a
        // pre-push hook that exits 1 saying nothing, which simple-git takes for success): the fetch
        // below says whether it landed all the same.
        if ((await client.revparse([tracking])).trim() === (await head())) return;
        refusal = new Error('git push ended without updating the branch: a hook refused it without saying why');
      } catch (error) {
        refusal = error;
      }
      try {
        await fetchBranch(git);
      } catch (error) {
        throw new HttpError(503, `The content repository cannot be reached, so nothing was saved: ${unreachable(error)}`);
      }
      const [local, tip] = [await head(), (await client.revparse([tracking])).trim()];
      if (tip === local) return; // it landed, though its answer did not come in time
      // The branch moved: on (someone's push), or back (a force push). Either way the change is planned again on it.
      if (tip !== known) {
        await resetToRemote();
        throw new BaseMovedError('The content repository moved');
      }
      if (timedOut(refusal)) throw new HttpError(503, `The content repository did not answer within ${git.timeoutSeconds} s, so the change was not saved: try again`);
      // Refused though the remote did not move: another push was updating the branch at that
      // moment (the remote could not lock it), or the remote refuses. Try again, then give up.
    }
    throw new HttpError(502, `The content repository refused the change, so nothing was saved: ${gitReason(refusal)}`);
  }

  /** Set when a change could not be undone with git: what the next change or sync does first to finish the job. */
  let repairFirst: (() => Promise<void>) | undefined;

  /**
   * Nothing of a change that was not acknowledged stays: with a remote, the tree is the remote's;
   * without one, the files are as they were before it, in the working tree and the index (the
   * project a developer works in: what they had not committed stays theirs). Git can fail to do
   * that for the very reason the change failed (another git process holding its lock), so the
   * files are then put back with the filesystem: a refused change's file would otherwise be read,
   * published, or taken for an upload already there. HEAD and the index are mended before the next change.
   */
  async function rollBack(parent: string, before: FilesBefore, indexBefore: IndexBefore | undefined): Promise<void> {
    try {
      await retryingWhileLocked(async () => {
        if (!indexBefore) await resetToRemote(); // read only without a remote
        else if ((await head()) === parent) {
          await putBack(git.dir, before);
          await putIndexBack(client, indexBefore);
        }
      });
      await clearPending(git.dir);
    } catch {
      const committed = !git.remote && (await head().catch(() => parent)) !== parent;
      if (!committed) await putBack(git.dir, before);
      // Without a remote, the files are back as they were: only the index is left to mend, as it was too.
      repairFirst = indexBefore && !committed ? () => putIndexBack(client, indexBefore) : git.remote ? resetToRemote : () => restorePending(git.dir);
    }
  }

  async function repairIfNeeded(): Promise<void> {
    if (!repairFirst) return;
    try {
      await retryingWhileLocked(repairFirst);
    } catch (error) {
      throw heldLock(error) ? new HttpError(503, LOCKED) : error;
    }
    await clearPending(git.dir);
    repairFirst = undefined;
  }

  /** A commit on a detached HEAD (someone checked out a commit in the repository) would be on no branch. */
  async function refuseDetachedHead(): Promise<void> {
    if ((await client.raw(['symbolic-ref', '-q', '--short', 'HEAD'])).trim() === '') {
      throw new HttpError(503, 'The content repository is on no branch (its HEAD is detached: a commit was checked out there), so a save would be on no branch and nothing was saved. Check out the branch there again.');
    }
  }

  return {
    version: files.version,
    snapshot: files.snapshot,

    async commit(writes: StoreWrite[], details: CommitDetails) {
      const paths = [...new Set(writes.flatMap((write) => (write.kind === 'move' ? [write.file, write.to] : [write.file])))].map(repoPath);
      await repairIfNeeded().catch((error) => {
        throw inWords(error);
      });
      await refuseDetachedHead();
      await refuseOperationInProgress(git.dir);
      const parent = await head();
      const before = await readBefore(git.dir, paths);
      const indexBefore = git.remote ? undefined : await readIndexBefore(client, paths);
      // Without a remote, what the files were is kept with the record too: a crash puts that back, not HEAD's files.
      await markPending(git.dir, { parent, paths }, indexBefore && { before, index: indexBefore });
      // Whether this change touched the index: until then there is nothing there to put back (a developer may be staging meanwhile).
      let staged = false;
      try {
        await files.commit(writes, details);
        await retryingWhileLocked(() => gitOnPaths(git.dir, ['add', '-A'], paths));
        staged = true;
        const written = new Set(paths);
        if (!(await client.raw(['diff', '--cached', '--name-only', '--no-renames', '-z'])).split('\0').some((path) => written.has(path))) {
          await clearPending(git.dir);
          return {}; // the same content again: nothing to commit
        }
        const author = details.author ?? { name: 'Content site editor', email: 'editor@content-site.invalid' };
        await retryingWhileLocked(() => withGitFile(git.dir, details.message, (message) => gitOnPaths(git.dir, ['commit', '-q', '-F', message, `--author=${author.name} <${author.email}>`], paths)));
        // simple-git takes a command that fails without writing to stderr for a success: a
        // pre-commit hook that exits 1 in silence left HEAD where it was, and the save unsaved.
        if ((await head()) === parent) throw new Error('git commit made no commit: a hook in the content repository refused it without saying why');
        if (git.remote) await push();
        const commit = await head();
        await clearPending(git.dir);
        return { commit };
      } catch (error) {
        await rollBack(parent, before, indexBefore && (staged ? indexBefore : new Map()));
        throw heldLock(error) ? new HttpError(503, LOCKED) : inWords(error);
      }
    },

    committedReadable: (file: string) => committedReadable(git.dir, repoPath(file)),

    ...(git.remote && {
      // Hand edits get a refused change's repair, the tree reset to the branch; a change waiting for it goes first.
      tidy: async () => {
        const edited = repairFirst ? [] : await uncommittedContent(git.dir).catch(() => []);
        if (edited.length > 0) repairFirst = resetToRemote;
        // Never a save's or a publication's failure: a lock held past the retries is the commit's to report (503).
        await repairIfNeeded().then(() => edited.length > 0 && console.error(handEditsNote(edited)), (error: Error) => console.error(`The content clone is not yet as its branch has it: ${publicMessage(error.message)}`));
      },
    }),

    recover: async () => {
      await prepareContentRepository(git);
    },

    sync: async () => {
      // A repair left by a change the remote's branch refused waits for that branch to be mended, which the sync fetches.
      const waiting = await repairIfNeeded().then(
        () => false,
        (error) => {
          if (isRefusedBranch(error)) return true;
          throw error;
        },
      );
      const synced = await syncFromRemote(git).catch((error) => {
        throw inWords(error);
      });
      if (waiting) await repairIfNeeded();
      return synced;
    },
  };
}
