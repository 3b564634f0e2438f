/**
 * Builds and the production server: the content as the build saw it.
 *
 * The build reads src/data straight from disk, once, when the first page
 * renders (the same reader as the dev server, src/engine/fs-snapshot.ts). It
 * used to go through Astro's content layer, whose sync parsed, stored and
 * serialised every data file before anything else could start, and then
 * bundled the copy into the server; that was most of the build's fixed cost
 * (docs/architecture.md, "The build reads src/data itself").
 *
 * The production server must keep answering from the build's content, not from
 * whatever is on disk now, so the build writes what it read next to the server
 * bundle (dist/server/content-snapshot.json, never in the static folder), and
 * the server reads that. Which of the two a process is, the integration below
 * says: it marks the process that runs the build.
 *
 * Symbolic links in src/data stop the build, each one named, before any is read.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { createFsSnapshotLoader } from '../engine/fs-snapshot';
import { unreadableEntriesError } from '../engine/data-files';
import { snapshotFromEntries, type ContentSnapshot } from '../engine/snapshot';

export const CONTENT_SNAPSHOT_FILE = 'content-snapshot.json';

interface BuildState {
  dataRoot: string;
  snapshot?: Promise<ContentSnapshot>;
}

// On globalThis: the integration and the prerendered pages load separate copies of this module in one process.
const KEY = Symbol.for('content-site.build-snapshot');
const buildState = () => (globalThis as Record<symbol, BuildState | undefined>)[KEY];

/** The data files the build renders from, read once; a symbolic link or a file that is not JSON stops it, each one named. */
function readForBuild(state: BuildState): Promise<ContentSnapshot> {
  state.snapshot ??= createFsSnapshotLoader(state.dataRoot)().then(({ snapshot }) => {
    const unreadable = unreadableEntriesError(snapshot.refused?.());
    if (unreadable) throw unreadable;
    return snapshot;
  });
  return state.snapshot;
}

/** The production server's copy, beside the server chunk this module is bundled into. */
async function readFrozen(): Promise<ContentSnapshot> {
  const candidates = ['./', '../'].map((dir) => fileURLToPath(new URL(dir + CONTENT_SNAPSHOT_FILE, import.meta.url)));
  const file = candidates.find((candidate) => existsSync(candidate));
  if (!file) throw new Error(`The build's content is missing: no ${CONTENT_SNAPSHOT_FILE} in dist/server/ (run npm run build)`);
  return snapshotFromEntries(Object.entries(JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>));
}

let snapshot: Promise<ContentSnapshot> | undefined;

export function loadBuildSnapshot(): Promise<ContentSnapshot> {
  const state = buildState();
  snapshot ??= state ? readForBuild(state) : readFrozen();
  return snapshot;
}

/** Marks the building process, and writes the content it rendered from for the production server. */
export function buildSnapshot(): AstroIntegration {
  let serverDir: URL | undefined;
  let dataRoot = '';
  return {
    name: 'build-snapshot',
    hooks: {
      'astro:config:done': ({ config }) => {
        serverDir = config.build.server;
        dataRoot = join(fileURLToPath(config.root), 'src', 'data');
      },
      'astro:build:start': () => {
        (globalThis as Record<symbol, BuildState>)[KEY] = { dataRoot };
      },
      'astro:build:done': async () => {
        const read = await readForBuild(buildState()!);
        const files = Object.fromEntries([...read.paths()].map((path) => [path, read.get(path)]));
        await writeFile(new URL(CONTENT_SNAPSHOT_FILE, serverDir), JSON.stringify(files));
      },
    },
  };
}
