// How the server runs git: a client with no prompts, a time limit and an allowlisted environment,
// and the files that carry long argument lists. Shared by the content repository's upkeep
// (git-content.mjs) and the content store's git backend (src/server/store/git-backend.ts).
// Plain JavaScript so the production server can load it without a build step.
import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleGit } from 'simple-git';
import { literal } from './content-folders.mjs';

/** Who commits: the server. The author of each commit is the signed-in user. */
const COMMITTER = ['user.name=Content site editor', 'user.email=editor@content-site.invalid'];

/**
 * A git client for the working tree at `dir`: no prompts (a remote that needs
 * credentials fails instead of waiting), and a time limit on every command.
 * @param {string} dir
 */
export function gitAt(dir) {
  return simpleGit({ baseDir: dir, config: COMMITTER, timeout: { block: 120_000 }, allowEnvironment: ['GIT_TERMINAL_PROMPT'] }).env(gitEnv());
}

/**
 * A git client for the commands that talk to the remote (fetch, push), stopped when the remote
 * sends nothing for `git.timeoutSeconds`. They run with --progress, so a large transfer that is
 * moving keeps going; one that stalls, or a remote that takes the connection and never answers,
 * is given up on rather than holding the content store's lock, which every save waits for.
 * @param {import('./config.mjs').ServerConfig['git']} git
 */
export function remoteGit(git) {
  return simpleGit({ baseDir: git.dir, config: COMMITTER, timeout: { block: git.timeoutSeconds * 1000 }, allowEnvironment: ['GIT_TERMINAL_PROMPT'] }).env(gitEnv());
}

/**
 * Fetches the branch from the remote (updating `origin/<branch>`), within the remote's time limit.
 * @param {import('./config.mjs').ServerConfig['git']} git
 */
export const fetchBranch = (git) => remoteGit(git).raw(['fetch', '--progress', 'origin', git.branch]);

/**
 * Whether a git command was stopped by its time limit (the remote went quiet), not refused:
 * simple-git's GitPluginError from its timeout plugin, read by its fields so that a second copy
 * of simple-git (the dev server's module graph) is recognised too.
 * @param {unknown} error
 */
export const timedOut = (error) => typeof error === 'object' && error !== null && /** @type {{ plugin?: unknown }} */ (error).plugin === 'timeout';

/** The variables git sees: an allowlist (simple-git refuses ones that run programs, like EDITOR). */
export function gitEnv() {
  const kept = Object.fromEntries(['PATH', 'HOME', 'TMPDIR', 'SSH_AUTH_SOCK', 'XDG_CONFIG_HOME'].flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])));
  return { ...kept, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' };
}

/**
 * Runs `run` with a file inside .git holding `text`, removed afterwards. A changeset's paths and
 * its commit message go to git in files (`--pathspec-from-file`, `-F`), not as arguments: a
 * change that rewrites thousands of files would pass the system's limit on one argument list
 * (E2BIG), and could never be saved.
 * @template T
 * @param {string} dir @param {string} text @param {(file: string) => Promise<T>} run
 */
export async function withGitFile(dir, text, run) {
  // A random name, not a counter: the dev server loads this module twice (server/serialise.mjs), and two counters would meet.
  const file = join(dir, '.git', 'content-store', `argument-${randomUUID()}`);
  await mkdir(join(dir, '.git', 'content-store'), { recursive: true });
  await writeFile(file, text);
  try {
    return await run(file);
  } finally {
    await rm(file, { force: true });
  }
}

/**
 * Runs `git <args>` on `paths` as literal pathspecs read from a file (withGitFile).
 * @param {string} dir @param {readonly string[]} args @param {readonly string[]} paths
 */
export const gitOnPaths = (dir, args, paths) =>
  withGitFile(dir, literal(paths).join('\0'), (file) => gitAt(dir).raw([...args, `--pathspec-from-file=${file}`, '--pathspec-file-nul']));
