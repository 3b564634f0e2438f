/**
 * A real bare git repository for tests, made from a project's `src` and
 * `public` (its code and its content), as a git host would hold a site; and
 * ways to read what it holds with Debian's git.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Runs git in `cwd` with a fixed identity; returns its trimmed output. */
export async function git(cwd: string, ...args: string[]): Promise<string> {
  const { stdout } = await run('git', ['-c', 'user.name=Test developer', '-c', 'user.email=developer@example.test', '-c', 'init.defaultBranch=main', ...args], {
    cwd,
    env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_LITERAL_PATHSPECS: '1' },
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout.trim();
}

export interface BareRemote {
  /** The bare repository's path: what CONTENT_GIT_REMOTE names. */
  path: string;
  /** A scratch folder for clones made by the test (a developer's machine). */
  scratch: string;
  /** The commits of `main`, newest first. */
  commits(): Promise<{ sha: string; author: string; subject: string }[]>;
  /** The files a commit changed, as repository paths. */
  filesOf(sha: string): Promise<string[]>;
  /** A file's text at the tip of `main`, or undefined when it is not there. */
  read(path: string): Promise<string | undefined>;
  /** Pushes `edit` as a developer would: clone, change files, commit, push. */
  pushAsDeveloper(message: string, edit: (worktree: string) => Promise<void>): Promise<string>;
  remove(): Promise<void>;
}

/** A bare repository whose `main` holds one commit: `projectRoot`'s `src` and `public`. */
export async function makeBareRemote(projectRoot: string): Promise<BareRemote> {
  const scratch = await mkdtemp(join(tmpdir(), 'cse-git-'));
  const path = join(scratch, 'site.git');
  const seed = join(scratch, 'seed');
  await git(scratch, 'init', '-q', '--bare', path);
  await git(scratch, 'init', '-q', seed);
  // The whole site, code beside content, as a git host holds it: a server once refused every such commit.
  for (const folder of ['src', 'public']) await cp(join(projectRoot, folder), join(seed, folder), { recursive: true });
  await git(seed, 'add', '-A');
  await git(seed, 'commit', '-q', '-m', 'The site as it was deployed');
  await git(seed, 'push', '-q', path, 'HEAD:refs/heads/main');

  let clones = 0;
  const remote: BareRemote = {
    path,
    scratch,
    async commits() {
      const log = await git(path, 'log', '--format=%H%x09%an <%ae>%x09%s', 'main');
      return log.split('\n').map((line) => {
        const [sha, author, subject] = line.split('\t');
        return { sha: sha!, author: author!, subject: subject! };
      });
    },
    async filesOf(sha) {
      return (await git(path, 'diff-tree', '--no-commit-id', '--name-only', '-r', '--root', sha)).split('\n').filter(Boolean);
    },
    async read(file) {
      return git(path, 'show', `main:${file}`).catch(() => undefined);
    },
    async pushAsDeveloper(message, edit) {
      const worktree = join(scratch, `developer-${(clones += 1)}`);
      await git(scratch, 'clone', '-q', path, worktree);
      await edit(worktree);
      await git(worktree, 'add', '-A');
      await git(worktree, 'commit', '-q', '-m', message);
      await git(worktree, 'push', '-q', 'origin', 'HEAD:main');
      return git(worktree, 'rev-parse', 'HEAD');
    },
    remove: () => rm(scratch, { recursive: true, force: true }),
  };
  return remote;
}
