/**
 * A throwaway copy of the project for tests that build or serve it, so tests
 * never touch the committed demo content or the developer's dist/. The copy
 * shares node_modules through a symlink.
 */
import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

const COPIED = ['src', 'public', 'server', 'astro.config.mjs', 'package.json', 'tsconfig.json'];

export interface ProjectCopy {
  root: string;
  dataRoot: string;
  remove(): Promise<void>;
}

export async function copyProject(label: string): Promise<ProjectCopy> {
  const root = await mkdtemp(join(tmpdir(), `cse-${label}-`));
  await Promise.all(COPIED.map((entry) => cp(join(PROJECT_ROOT, entry), join(root, entry), { recursive: true })));
  await symlink(join(PROJECT_ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  return { root, dataRoot: join(root, 'src', 'data'), remove: () => rm(root, { recursive: true, force: true }) };
}

/** Runs the project's own astro CLI with the pinned Node that runs the tests. */
export const ASTRO_CLI = join(PROJECT_ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs');
