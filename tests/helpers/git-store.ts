/**
 * A content store on the git backend, as a production server makes it, over a
 * working clone of a test's bare remote (tests/helpers/git-remote.ts): for
 * tests of the store against real git without starting a server.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readServerConfig } from '../../server/config.mjs';
import { prepareContentRepository } from '../../server/git-content.mjs';
import { createFsSnapshotLoader } from '../../src/engine/fs-snapshot';
import { createContentStore, type ContentStore } from '../../src/server/store/content-store';
import { textVersion } from '../../src/server/store/fs-backend';
import { fsStoreDirs } from '../../src/server/store/dirs';
import { createGitBackend } from '../../src/server/store/git-backend';
import { storeSnapshotLoader } from '../../src/server/store/store-snapshot';
import type { BareRemote } from './git-remote';

export interface GitStoreServer {
  dir: string;
  store: ContentStore;
  version(file: string): Promise<string>;
  readJson(file: string): Promise<any>;
}

/** A store whose clone is `name` in the remote's scratch folder; `env` adds server variables. */
export async function gitStoreServer(remote: BareRemote, name: string, env: Record<string, string> = {}): Promise<GitStoreServer> {
  const { git: config } = readServerConfig({ CONTENT_BACKEND: 'git', CONTENT_GIT_REMOTE: remote.path, CONTENT_GIT_DIR: join(remote.scratch, name), ...env }, remote.scratch);
  await prepareContentRepository(config);
  const load = createFsSnapshotLoader(join(config.dir, 'src', 'data'));
  const loadSnapshot = storeSnapshotLoader(async () => (await load()).snapshot, fsStoreDirs(config.dir).imagesDir);
  const store = createContentStore(createGitBackend(config, loadSnapshot), `git-store-${name}`);
  const path = (file: string) => join(config.dir, 'src', 'data', file);
  return {
    dir: config.dir,
    store,
    version: async (file) => textVersion(await readFile(path(file))),
    readJson: async (file) => JSON.parse(await readFile(path(file), 'utf8')),
  };
}

/** A put of `file` with its title changed, based on the version the server has. */
export async function retitle(on: GitStoreServer, file: string, title: string) {
  const document = await on.readJson(file);
  document.meta.title = title;
  return { op: 'put' as const, file, content: document, baseVersion: await on.version(file) };
}

export const ALICE = { name: 'alice', email: 'alice@users.content-site.invalid' };
export const BOB = { name: 'bob', email: 'bob@users.content-site.invalid' };
