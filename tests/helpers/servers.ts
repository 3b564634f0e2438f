/**
 * Starts the real servers on a project copy, as a user would: `astro dev`, or
 * `astro build` followed by `npm start`'s server/index.mjs.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ASTRO_CLI, copyProject, type ProjectCopy } from './project-copy.ts';
import { https1Request } from './tls.ts';

export interface RunningServer {
  origin: string;
  port: number;
  pid: number;
  output: () => string;
  stop(): Promise<void>;
  /** `kill -9` of the server and every process it started (a git command, its hooks): a machine that dies. */
  crash(): Promise<void>;
}

/** The process ids under `pid`, deepest last. */
async function descendants(pid: number): Promise<number[]> {
  const { stdout } = await promisify(execFile)('ps', ['-e', '-o', 'pid=,ppid=']);
  const children = new Map<number, number[]>();
  for (const line of stdout.trim().split('\n')) {
    const [child, parent] = line.trim().split(/\s+/).map(Number);
    children.set(parent!, [...(children.get(parent!) ?? []), child!]);
  }
  const found: number[] = [];
  const visit = (id: number) => (children.get(id) ?? []).forEach((child) => (found.push(child), visit(child)));
  visit(pid);
  return found;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The status and content type of the asset list; over HTTPS with the fixture certificate (TLS_CERT_FILE), which fetch would not trust. */
async function assetListAnswer(origin: string): Promise<{ status: number; type: string }> {
  if (origin.startsWith('https:')) {
    const response = await https1Request(origin, '/api/list-assets');
    return { status: response.status, type: String(response.headers['content-type'] ?? '') };
  }
  const response = await fetch(`${origin}/api/list-assets`);
  await response.arrayBuffer();
  return { status: response.status, type: response.headers.get('content-type') ?? '' };
}

async function waitUntilUp(origin: string, child: ChildProcess, output: () => string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Server exited early:\n${output()}`);
    try {
      // Astro answers 404 while its routes are still loading; ready means the API answers JSON.
      const { status, type } = await assetListAnswer(origin);
      if (status === 200 && type.startsWith('application/json')) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Server did not start in ${timeoutMs} ms:\n${output()}`);
}

/** The environment a user's shell would give the server: without the test runner's own variables. */
export function userEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(VITEST|NODE_ENV$|TEST$|MODE$|DEV$|PROD$|SSR$|BASE_URL$)/.test(key)));
}

function launch(args: string[], project: ProjectCopy, env: Record<string, string>, port: number): Promise<RunningServer> {
  const child = spawn(process.execPath, args, {
    cwd: project.root,
    env: { ...userEnv(), ASTRO_TELEMETRY_DISABLED: '1', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (chunk) => (log += chunk));
  child.stderr!.on('data', (chunk) => (log += chunk));
  const origin = `${env.TLS_CERT_FILE ? 'https' : 'http'}://127.0.0.1:${port}`;
  const server: RunningServer = {
    origin,
    port,
    pid: child.pid!,
    output: () => log,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
    crash: async () => {
      const under = await descendants(child.pid!);
      const exited = new Promise((resolve) => (child.exitCode !== null ? resolve(undefined) : child.once('exit', resolve)));
      for (const id of [child.pid!, ...under]) {
        try {
          process.kill(id, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      await exited;
    },
  };
  return waitUntilUp(origin, child, server.output).then(() => server);
}

export async function startDevServer(project: ProjectCopy, env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  return launch([ASTRO_CLI, 'dev', '--host', '127.0.0.1', '--port', String(port)], project, env, port);
}

export async function buildProject(project: ProjectCopy, env: Record<string, string> = {}): Promise<void> {
  await promisify(execFile)(process.execPath, [ASTRO_CLI, 'build'], {
    cwd: project.root,
    env: { ...userEnv(), ASTRO_TELEMETRY_DISABLED: '1', ...env },
  });
}

/** `astro sync` on a project copy, as `npm run typecheck` and the start of `npm run build` run it. */
export async function syncProject(project: ProjectCopy): Promise<void> {
  await promisify(execFile)(process.execPath, [ASTRO_CLI, 'sync'], { cwd: project.root, env: { ...userEnv(), ASTRO_TELEMETRY_DISABLED: '1' } });
}

export async function startProdServer(project: ProjectCopy, env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  return launch([join(project.root, 'server', 'index.mjs')], project, env, port);
}

/**
 * A built copy of the project served by the production server, for a test
 * file's beforeAll; `prepare` changes the copy before the build. `stop` ends
 * the server and removes the copy (afterAll).
 */
export async function builtProdServer(label: string, env: Record<string, string>, prepare?: (project: ProjectCopy) => Promise<void>) {
  const project = await copyProject(label);
  await prepare?.(project);
  await buildProject(project);
  const server = await startProdServer(project, env);
  return {
    project,
    server,
    stop: async () => {
      await server.stop();
      await project.remove();
    },
  };
}
