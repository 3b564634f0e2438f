/**
 * Users and sessions on a real production server, as an operator and a
 * browser would make them: users added with the real `npm run users` command
 * (the password on stdin), and a session from POST /api/auth/login whose
 * cookie is sent back with every request, from the site's own origin.
 */
import { spawn } from 'node:child_process';
import { postJson, raw, type RawResponse } from './http.ts';
import type { ProjectCopy } from './project-copy.ts';
import type { RunningServer } from './servers.ts';
import { userEnv } from './servers.ts';

/** Runs `npm run users -- <args>` in the project copy, with `stdin` as its input; resolves with its output, rejects on failure. */
export function usersCommand(project: ProjectCopy, usersFile: string, args: string[], stdin = ''): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'users', '--', ...args], { cwd: project.root, env: { ...userEnv(), EDITOR_USERS_FILE: usersFile }, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`npm run users -- ${args.join(' ')} exited ${code}:\n${output}`))));
    child.stdin.end(stdin);
  });
}

export const addUser = (project: ProjectCopy, usersFile: string, name: string, role: 'editor' | 'admin', password: string) =>
  usersCommand(project, usersFile, ['add', name, '--role', role], `${password}\n`);

export interface Session {
  cookie: string;
  get(path: string): Promise<RawResponse>;
  post(path: string, body: unknown): Promise<RawResponse>;
}

/**
 * Signs in on `server`; throws unless the server answers 200 with a session cookie. With `host`,
 * every request names that host (and its https origin), as a browser on the site's real domain
 * would behind a proxy, not a loopback address.
 */
export async function signIn(server: RunningServer, username: string, password: string, host?: string): Promise<Session> {
  const site: Record<string, string> = host ? { host, origin: `https://${host}` } : { origin: server.origin };
  const response = await postJson(server.origin, '/api/auth/login', { username, password }, site);
  const setCookie = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  if (response.status !== 200 || setCookie.length === 0) throw new Error(`Sign-in as ${username} failed: ${response.status} ${response.text}`);
  const cookie = setCookie.map((header) => header.split(';')[0]).join('; ');
  return {
    cookie,
    get: (path) => raw(server.origin, { path, headers: { cookie, ...(host && { host }) } }),
    post: (path, body) => postJson(server.origin, path, body, { cookie, ...site }),
  };
}
