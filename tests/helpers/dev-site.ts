/**
 * For a test file against `astro dev`: a throwaway copy of the project and
 * its dev server, started before the file's tests and removed after them,
 * with the data files they read and the changesets they send.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { textVersion } from '../../src/server/store/fs-backend';
import { postJson } from './http';
import { copyProject, type ProjectCopy } from './project-copy';
import { startDevServer, type RunningServer } from './servers';

export interface DevSite {
  project: ProjectCopy;
  /** Replaced by a test that restarts the server. */
  server: RunningServer;
  /** The path of a data file (`pages/about.json`) in the copy. */
  file(path: string): string;
  readJson(path: string): Promise<any>;
  /** The version a changeset names as a file's `baseVersion`. */
  versionOf(path: string): Promise<string>;
  /** POST /api/content/changes. */
  change(body: unknown): ReturnType<typeof postJson>;
}

export function devSiteForTests(label: string): DevSite {
  const site: DevSite = {
    project: undefined as unknown as ProjectCopy,
    server: undefined as unknown as RunningServer,
    file: (path) => join(site.project.dataRoot, path),
    readJson: async (path) => JSON.parse(await readFile(site.file(path), 'utf8')),
    versionOf: async (path) => textVersion(await readFile(site.file(path))),
    change: (body) => postJson(site.server.origin, '/api/content/changes', body),
  };
  beforeAll(async () => {
    site.project = await copyProject(label);
    site.server = await startDevServer(site.project);
  });
  afterAll(async () => {
    await site.server?.stop();
    await site.project?.remove();
  });
  return site;
}
