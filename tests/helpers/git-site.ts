/**
 * A production site on git, as the tests that edit in production need it: a
 * build of a project copy, a bare repository made by the test as the git
 * host, one user added with the real `npm run users`, and the production
 * server with its own clone, no polling, and an audit log in the scratch folder.
 */
import { join } from 'node:path';
import { makeBareRemote, type BareRemote } from './git-remote.ts';
import { copyProject, type ProjectCopy } from './project-copy.ts';
import { buildProject, startProdServer, type RunningServer } from './servers.ts';
import { addUser } from './sessions.ts';

export interface GitSite {
  project: ProjectCopy;
  remote: BareRemote;
  server: RunningServer;
  /** The server's users file, for tests that add another user (addUser). */
  usersFile: string;
  /** Stops the server and removes the copy and the remote. */
  remove(): Promise<void>;
}

export async function startGitSite(
  label: string,
  user: { name: string; role: 'editor' | 'admin'; password: string },
  env: Record<string, string> = {},
): Promise<GitSite> {
  const project = await copyProject(label);
  await buildProject(project);
  const remote = await makeBareRemote(project.root);
  const usersFile = join(remote.scratch, 'users.json');
  await addUser(project, usersFile, user.name, user.role, user.password);
  const server = await startProdServer(project, {
    CONTENT_BACKEND: 'git',
    CONTENT_GIT_REMOTE: remote.path,
    CONTENT_GIT_DIR: join(remote.scratch, 'clone'),
    CONTENT_GIT_POLL_SECONDS: '0',
    SESSION_SECRET: 'a-test-session-secret-that-is-long-enough-0123456789',
    EDITOR_USERS_FILE: usersFile,
    EDITOR_AUDIT_LOG: join(remote.scratch, 'audit.log'),
    ...env,
  });
  return {
    project,
    remote,
    server,
    usersFile,
    async remove() {
      await server.stop();
      await remote.remove();
      await project.remove();
    },
  };
}
