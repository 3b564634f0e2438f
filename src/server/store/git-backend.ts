/**
 * The content store's git backend (CONTENT_BACKEND=git): the files live in a
 * git working tree, and every changeset becomes exactly one commit there,
 * authored by the signed-in user, and pushed when there is a remote.
 *
 * The files are written by the filesystem backend's journaled transaction, so
 * a change never half-applies on disk; the commit is the point where it
 * becomes real, and the push where it becomes shared. When the push is refused
 * because the remote moved, the commit is rebased onto it if no file was
 * changed on both sides, and refused with 409 otherwise, the working tree left
 * exactly as the remote is. Whatever fails, nothing of the change stays behind.
 */
import { join } from 'node:path';
import { clearPending, CONTENT_PATHS, gitAt, literal, markPending, prepareContentRepository, restorePaths, syncFromRemote } from '../../../server/git-content.mjs';
import type { ServerConfig } from '../../../server/config.mjs';
import type { ContentSnapshot } from '../../engine/snapshot';
import { HttpError } from '../errors';
import { IMAGES_PREFIX, isImageFile } from './changeset';
import type { CommitDetails, StoreBackend, StoreWrite } from './content-store';
import { fsStoreDirs } from './dirs';
import { createFsBackend } from './fs-backend';

type GitConfig = ServerConfig['git'];

/** How many times a change is rebased onto a remote that keeps moving before it is refused. */
const MAX_PUSH_ATTEMPTS = 5;

/** A store file (`pages/home.json`, `assets/images/a.png`) as a path in the repository. */
export const repoPath = (file: string) => (isImageFile(file) ? `public/assets/images/${file.slice(IMAGES_PREFIX.length)}` : `src/data/${file}`);

/** A repository path back as a store file, or undefined for anything outside the content. */
export function storeFile(path: string): string | undefined {
  if (path.startsWith('public/assets/images/')) return IMAGES_PREFIX + path.slice('public/assets/images/'.length);
  if (path.startsWith('src/data/')) return path.slice('src/data/'.length);
  return undefined;
}

const lines = (text: string) => text.split('\n').map((line) => line.trim()).filter(Boolean);
const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n').find((line) => line.trim() !== '')?.trim() ?? 'unknown error';

export function createGitBackend(git: GitConfig, loadSnapshot: () => Promise<ContentSnapshot>): StoreBackend {
  // Journals of changes in progress live inside .git, where they are never committed nor served.
  const files = createFsBackend({ ...fsStoreDirs(git.dir), journalDir: join(git.dir, '.git', 'content-store', 'journal'), loadSnapshot });
  const client = gitAt(git.dir);
  const head = async () => (await client.revparse(['HEAD'])).trim();
  const tracking = `origin/${git.branch}`;

  /** Puts the working tree exactly where the remote branch is (as last fetched). */
  async function resetToRemote(): Promise<void> {
    await client.raw(['reset', '-q', '--hard', tracking]);
    await client.raw(['clean', '-fdq', '--', ...literal(CONTENT_PATHS)]);
  }

  async function conflictWithRemote(paths: string[]): Promise<HttpError> {
    await resetToRemote();
    const conflicts = await Promise.all(
      paths.map(async (path) => {
        const file = storeFile(path) ?? path;
        return { file, currentVersion: (await files.version(file)) ?? null };
      }),
    );
    return new HttpError(409, `Changed by someone else since it was loaded: ${conflicts.map((conflict) => conflict.file).join(', ')}. Reload and try again.`, { conflicts });
  }

  /** Pushes HEAD, rebasing it onto the remote while no file was changed on both sides. */
  async function push(): Promise<void> {
    let refusal: unknown;
    for (let attempt = 1; attempt <= MAX_PUSH_ATTEMPTS; attempt += 1) {
      try {
        await client.raw(['push', '-q', 'origin', `HEAD:refs/heads/${git.branch}`]);
        return;
      } catch (error) {
        refusal = error;
      }
      try {
        await client.fetch('origin', git.branch);
      } catch (error) {
        throw new HttpError(503, `The content repository cannot be reached, so nothing was saved: ${firstLine(error)}`);
      }
      const remote = (await client.revparse([tracking])).trim();
      // Refused though the remote did not move: another push was updating the branch at that
      // moment (the remote could not lock it), or the remote refuses. Try again, then give up.
      // (simple-git reports a failing command only when it writes to stderr, so no --is-ancestor.)
      const base = (await client.raw(['merge-base', 'HEAD', remote])).trim();
      if (base === remote) continue;
      const theirs = new Set(lines(await client.raw(['diff', '--name-only', base, remote, '--', ...literal(CONTENT_PATHS)])));
      const ours = lines(await client.raw(['diff', '--name-only', 'HEAD~1', 'HEAD']));
      const both = ours.filter((path) => theirs.has(path));
      if (both.length > 0) throw await conflictWithRemote(both);
      try {
        await client.raw(['rebase', '-q', remote]);
      } catch {
        await client.raw(['rebase', '--abort']).catch(() => undefined);
        throw await conflictWithRemote(ours);
      }
    }
    throw new HttpError(502, `The content repository refused the change, so nothing was saved: ${firstLine(refusal)}`);
  }

  return {
    version: files.version,
    snapshot: files.snapshot,

    async commit(writes: StoreWrite[], details: CommitDetails) {
      const paths = [...new Set(writes.flatMap((write) => (write.kind === 'move' ? [write.file, write.to] : [write.file])))].map(repoPath);
      const parent = await head();
      await markPending(git.dir, { parent, paths });
      try {
        await files.commit(writes, details);
        await client.raw(['add', '-A', '--', ...literal(paths)]);
        if (lines(await client.raw(['diff', '--cached', '--name-only', '--', ...literal(paths)])).length === 0) {
          await clearPending(git.dir);
          return {}; // the same content again: nothing to commit
        }
        const author = details.author ?? { name: 'Content site editor', email: 'editor@content-site.invalid' };
        await client.raw(['commit', '-q', '-m', details.message, `--author=${author.name} <${author.email}>`, '--', ...literal(paths)]);
        if (git.remote) await push();
        const commit = await head();
        await clearPending(git.dir);
        return { commit };
      } catch (error) {
        // Nothing of a change that was not acknowledged stays: with a remote, the tree is the
        // remote's; without one, the files are as the last commit has them.
        if (git.remote) await resetToRemote();
        else if ((await head()) === parent) await restorePaths(git.dir, 'HEAD', paths);
        await clearPending(git.dir);
        throw error;
      }
    },

    recover: async () => {
      await prepareContentRepository(git);
    },

    sync: () => syncFromRemote(git),
  };
}
