/**
 * For the test files of the dev server's four endpoints (dev-api, dev-save, dev-uploads): a project copy
 * and its `astro dev` with a small upload limit, and the checks they share: a JSON error with no
 * internals, and a refused request that writes nothing anywhere.
 */
import { readFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { postJson, type RawResponse } from './http';
import { copyProject, type ProjectCopy } from './project-copy';
import { startDevServer, type RunningServer } from './servers';
import { fingerprint } from './tree';

/** The upload limit the server runs with: small, so the tests can pass it cheaply. */
export const MAX_UPLOAD = 64 * 1024;

export interface DevApi {
  project: ProjectCopy;
  server: RunningServer;
  origin: string;
  dataFile(path: string): string;
  assetsDir(): string;
  readJson(path: string): Promise<any>;
  save(body: unknown, headers?: Record<string, string>): ReturnType<typeof postJson>;
  upload(body: unknown, headers?: Record<string, string>): ReturnType<typeof postJson>;
  /** Runs a request that must be refused and must write nothing anywhere in the project. */
  refused(request: () => Promise<RawResponse>, status: number): Promise<RawResponse>;
}

/** A JSON error with `status`, naming no stack, package or path of the machine. */
export function expectError(response: RawResponse, status: number) {
  expect(response.status, response.text).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json();
  expect(typeof body.error).toBe('string');
  expect(response.text).not.toMatch(/\n\s+at\s|node_modules|\/tmp\/|\/work\//);
  return body;
}

export function devApiForTests(label: string): DevApi {
  const api: DevApi = {
    project: undefined as unknown as ProjectCopy,
    server: undefined as unknown as RunningServer,
    origin: '',
    dataFile: (path) => join(api.project.dataRoot, path),
    assetsDir: () => join(api.project.root, 'public', 'assets', 'images'),
    readJson: async (path) => JSON.parse(await readFile(api.dataFile(path), 'utf8')),
    save: (body, headers = {}) => postJson(api.origin, '/api/save-to-file', body, headers),
    upload: (body, headers = {}) => postJson(api.origin, '/api/upload-asset', body, headers),
    async refused(request, status) {
      const before = await fingerprint(api.project.root);
      const outsideBefore = await readdir(tmpdir());
      const response = await request();
      expectError(response, status);
      expect(await fingerprint(api.project.root)).toEqual(before);
      // A traversal out of the project copy would land a file next to it, in the temp folder.
      // Other processes (browsers, other tests) create folders there, so only new files count.
      const created = (await readdir(tmpdir(), { withFileTypes: true })).filter((entry) => entry.isFile() && !outsideBefore.includes(entry.name));
      expect(created.map((entry) => entry.name)).toEqual([]);
      return response;
    },
  };
  beforeAll(async () => {
    api.project = await copyProject(label);
    api.server = await startDevServer(api.project, { MAX_UPLOAD_BYTES: String(MAX_UPLOAD) });
    api.origin = api.server.origin;
  });
  afterAll(async () => {
    await api.server?.stop();
    await api.project?.remove();
  });
  return api;
}
