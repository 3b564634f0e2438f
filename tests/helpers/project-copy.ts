/**
 * A throwaway copy of the project for tests that build or serve it, so tests
 * never touch the committed demo content or the developer's dist/. The copy
 * links to the installed packages one by one, but has a node_modules folder of
 * its own: Vite and Astro keep their caches there (.vite, .astro), and copies
 * that shared them raced each other's dependency optimization.
 */
import { cp, mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

const COPIED = ['src', 'public', 'server', 'scripts', 'astro.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json'];
const CACHES = new Set(['.vite', '.astro', '.cache']);

export interface ProjectCopy {
  root: string;
  dataRoot: string;
  remove(): Promise<void>;
}

export async function copyProject(label: string): Promise<ProjectCopy> {
  const root = await mkdtemp(join(tmpdir(), `cse-${label}-`));
  await Promise.all(COPIED.map((entry) => cp(join(PROJECT_ROOT, entry), join(root, entry), { recursive: true })));
  await mkdir(join(root, 'node_modules'));
  // Each command's Vite cache too (`.vite-build`, `.vite-sync`: src/server/vite-per-command.ts).
  const installed = (await readdir(join(PROJECT_ROOT, 'node_modules'))).filter((name) => !CACHES.has(name) && !name.startsWith('.vite-'));
  await Promise.all(installed.map((name) => symlink(join(PROJECT_ROOT, 'node_modules', name), join(root, 'node_modules', name))));
  return { root, dataRoot: join(root, 'src', 'data'), remove: () => rm(root, { recursive: true, force: true }) };
}

/** Runs the project's own astro CLI with the pinned Node that runs the tests. */
export const ASTRO_CLI = join(PROJECT_ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs');
