// The git working tree that holds the content when CONTENT_BACKEND=git: made
// ready (cloned, or repaired after a crash) before the server listens, and
// brought up to date with the remote by the webhook and the poller. The
// commits themselves are made by the content store's git backend
// (src/server/store/git-backend.ts), which shares this module.
//
// Git runs through simple-git, a wrapper over Debian's own `git` (see
// docs/architecture.md for why not isomorphic-git). The working tree is the
// server's own: at start, and whenever a change could not be pushed, it is put
// back exactly where the remote is, so nothing unacknowledged survives.
// Plain JavaScript so the production server can load it without a build step.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleGit } from 'simple-git';
import { TEMP_PREFIX } from './atomic-write.mjs';
import { CONTENT_PATHS, LINKED_CONTENT_FOLDER, literal, linkedContentFolder } from './content-folders.mjs';
import { fetchBranch, gitAt, gitEnv, gitOnPaths } from './git-client.mjs';
import { keepWork, putWorkBack } from './work-before.mjs';

export { CONTENT_PATHS, LINKED_CONTENT_FOLDER, literal } from './content-folders.mjs';
export { fetchBranch, gitAt, gitOnPaths, remoteGit, timedOut, withGitFile } from './git-client.mjs';

/**
 * Refuses a commit in which a content folder, or a folder above one, is a symbolic link or a file
 * (content-folders.mjs), with an error whose `code` is LINKED_CONTENT_FOLDER.
 * @param {string} dir the working tree
 * @param {string} commit
 */
export async function refuseLinkedContentFolders(dir, commit) {
  const problem = await linkedContentFolder(gitAt(dir), commit);
  if (problem) throw Object.assign(new Error(problem), { code: LINKED_CONTENT_FOLDER });
}

/** @param {unknown} error */
const firstLine = (error) => (error instanceof Error ? error.message : String(error)).split('\n').find((line) => line.trim()) ?? 'unknown error';

/** The file that says a change was being committed: the commit before it, and the files it wrote. */
const pendingFile = (dir) => join(dir, '.git', 'content-store', 'pending.json');
/** Where a pending change without a remote keeps copies of its files as they were (work-before.mjs). */
const workFolder = (dir) => join(dir, '.git', 'content-store', 'work-before');

/**
 * Records that a change is about to be written; `clearPending` when it is committed (and pushed).
 * Without a remote, `work` is what its files were in the working tree and the index: kept with the
 * record, so that a crash in the middle of the change puts back a developer's uncommitted work
 * rather than HEAD's files (restorePending).
 * @param {string} dir
 * @param {{ parent: string, paths: string[] }} pending
 * @param {{ before: import('./work-before.mjs').FilesBefore, index: import('./work-before.mjs').IndexBefore }} [work]
 */
export async function markPending(dir, pending, work) {
  await mkdir(join(dir, '.git', 'content-store'), { recursive: true });
  const kept = work && (await keepWork(workFolder(dir), work.before, work.index));
  await writeFile(pendingFile(dir), JSON.stringify(kept ? { ...pending, work: kept } : pending));
}

/** @param {string} dir */
export async function clearPending(dir) {
  await rm(pendingFile(dir), { force: true });
  await rm(workFolder(dir), { recursive: true, force: true });
}

/** @param {string} dir @returns {Promise<{ parent: string, paths: string[], work?: import('./work-before.mjs').KeptWork } | undefined>} */
async function readPending(dir) {
  try {
    return JSON.parse(await readFile(pendingFile(dir), 'utf8'));
  } catch {
    return undefined;
  }
}

const exists = (path) => readdir(path).then(() => true, () => false);

/** @param {import('./config.mjs').ServerConfig['git']} git */
async function cloneIfMissing(git) {
  const entries = await readdir(git.dir).catch(() => undefined);
  if (entries !== undefined && entries.length > 0) {
    if (!(await exists(join(git.dir, '.git')))) throw new Error(`CONTENT_GIT_DIR ${git.dir} is a folder that is not a git working tree: remove it, or point CONTENT_GIT_DIR elsewhere`);
    return false;
  }
  if (!git.remote) throw new Error(`CONTENT_BACKEND=git needs a git repository at ${git.dir}: run "git init" there and commit the content, or set CONTENT_GIT_REMOTE`);
  await mkdir(git.dir, { recursive: true });
  await simpleGit({ timeout: { block: 300_000 }, allowEnvironment: ['GIT_TERMINAL_PROMPT'] }).env(gitEnv()).clone(git.remote, git.dir, ['--branch', git.branch, '--single-branch']);
  return true;
}

/**
 * Puts the working tree back where the last acknowledged change left it. With a
 * remote that is the remote's branch: an unpushed commit, a half-made rebase or
 * files written for a change that never committed were never acknowledged to
 * anyone. Without one it is how the interrupted change found its files (restorePending).
 * @param {import('./config.mjs').ServerConfig['git']} git
 */
async function repair(git) {
  const client = gitAt(git.dir);
  // A git process killed mid-command leaves its lock; no git command of this server runs now.
  await rm(join(git.dir, '.git', 'index.lock'), { force: true });
  for (const state of ['rebase-merge', 'rebase-apply']) {
    if (await exists(join(git.dir, '.git', state))) await client.raw(['rebase', '--abort']).catch(() => rm(join(git.dir, '.git', state), { recursive: true, force: true }));
  }
  await rm(join(git.dir, '.git', 'content-store', 'journal'), { recursive: true, force: true });
  if (git.remote) {
    await client.raw(['remote', 'set-url', 'origin', git.remote]);
    // A git host that is down must not keep the site down: the clone starts from the remote as last
    // fetched, which holds every acknowledged change (one is acknowledged once pushed). Saves wait
    // for the remote (503), and the poller or the webhook takes in what it has since.
    await fetchBranch(git).catch((error) => console.warn(`The content repository's remote cannot be reached (${firstLine(error)}): starting from the copy fetched last. Saves are refused until it answers.`));
    // A remote whose branch the server refuses must not keep the site down either: it starts from its own tree.
    const refused = await refuseLinkedContentFolders(git.dir, `origin/${git.branch}`).then(() => undefined, (error) => error);
    if (refused?.code !== LINKED_CONTENT_FOLDER && refused) throw refused;
    if (refused) console.error(`${refused.message} Starting from the working tree as it is; saves are refused until the branch is mended.`);
    else {
      await client.raw(['checkout', '-q', '-B', git.branch, `origin/${git.branch}`]);
      await client.raw(['reset', '-q', '--hard', `origin/${git.branch}`]);
    }
    await client.raw(['clean', '-fdq', '--', ...literal(CONTENT_PATHS)]);
  } else {
    await restorePending(git.dir);
    // Temp files of writes a crash cut short (with a remote, `clean` above removed them).
    await client.raw(['clean', '-fxq', '--', ...CONTENT_PATHS.map((path) => `:(glob)${path}/**/${TEMP_PREFIX}*`)]);
  }
  await clearPending(git.dir);
}

/**
 * Without a remote: puts the files the pending change wrote back as they were before it, in the
 * working tree and the index, when it was not committed; one that was (HEAD moved on from its
 * parent) or that kept nothing (a record from before the copies were kept) gets them as HEAD has them.
 * @param {string} dir
 */
export async function restorePending(dir) {
  const pending = await readPending(dir);
  if (!pending) return;
  const git = gitAt(dir);
  if (pending.work && (await git.revparse(['HEAD'])).trim() === pending.parent) await putWorkBack(dir, git, workFolder(dir), pending.work);
  else await restorePaths(dir, 'HEAD', pending.paths);
}

/**
 * Makes `paths` (repository paths) as they are in `commit`, in the index and the working tree:
 * a file the commit lacks is removed.
 * @param {string} dir the working tree
 * @param {string} commit
 * @param {string[]} paths
 */
export async function restorePaths(dir, commit, paths) {
  if (paths.length === 0) return;
  const client = gitAt(dir);
  const known = new Set((await client.raw(['ls-tree', '-r', '--name-only', '--full-tree', commit])).split('\n').filter(Boolean));
  await gitOnPaths(dir, ['reset', '-q', commit], paths).catch(() => undefined);
  const kept = paths.filter((path) => known.has(path));
  if (kept.length > 0) await gitOnPaths(dir, ['checkout', '-q', commit], kept);
  for (const path of paths.filter((path) => !known.has(path))) await rm(join(dir, path), { force: true });
}

/** Working trees made ready in this process (shared by both copies of this module, see server/serialise.mjs). */
/** @type {Set<string>} */
const prepared = (globalThis[Symbol.for('content-site-engine.prepared-repositories')] ??= new Set());

/**
 * Makes the content repository ready before anything reads or writes it: cloned when
 * missing, repaired after a crash; once a process. Returns the commit it stands on.
 * @param {import('./config.mjs').ServerConfig['git']} git
 */
export async function prepareContentRepository(git) {
  if (!prepared.has(git.dir)) {
    const cloned = await cloneIfMissing(git);
    if (!cloned) await repair(git);
    // What is checked out now (a fresh clone, or the tree without a remote) is held to the same rule as a push.
    await refuseLinkedContentFolders(git.dir, 'HEAD');
    prepared.add(git.dir);
  }
  return (await gitAt(git.dir).revparse(['HEAD'])).trim();
}

/**
 * Takes in what others pushed: fetches the branch and moves the working tree to it. Runs under
 * the content store's lock, between changes, when the tree has nothing of its own.
 * @param {import('./config.mjs').ServerConfig['git']} git
 * @returns {Promise<{ head: string, changed: boolean }>}
 */
export async function syncFromRemote(git) {
  const client = gitAt(git.dir);
  const before = (await client.revparse(['HEAD'])).trim();
  if (!git.remote) return { head: before, changed: false };
  await fetchBranch(git);
  const remote = (await client.revparse([`origin/${git.branch}`])).trim();
  if (remote === before) return { head: before, changed: false };
  await refuseLinkedContentFolders(git.dir, remote);
  await client.raw(['reset', '-q', '--hard', remote]);
  return { head: remote, changed: true };
}
