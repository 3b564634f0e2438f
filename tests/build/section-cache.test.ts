/**
 * The section render cache changes nothing a visitor gets: a build of a copy
 * of the project with the cache and one without it (SECTION_CACHE=off) write
 * the same HTML files, byte for byte (scoped styles, the header's current menu
 * item on each page, the ids of shared sections). The cached build reuses
 * renders, and says how many in its output.
 */
import { execFile } from 'node:child_process';
import { readdir, readFile, rename } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASTRO_CLI, copyProject, type ProjectCopy } from '../helpers/project-copy';
import { userEnv } from '../helpers/servers';

let project: ProjectCopy;
let cachedOutput = '';
let uncachedOutput = '';

async function build(env: Record<string, string>): Promise<string> {
  const { stdout, stderr } = await promisify(execFile)(process.execPath, [ASTRO_CLI, 'build'], {
    cwd: project.root,
    env: { ...userEnv(), ASTRO_TELEMETRY_DISABLED: '1', ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  return `${stdout}\n${stderr}`;
}

async function htmlFiles(dir: string): Promise<Map<string, Buffer>> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const files = entries.filter((entry) => entry.isFile() && entry.name.endsWith('.html')).map((entry) => join(entry.parentPath, entry.name));
  return new Map(await Promise.all(files.map(async (file) => [relative(dir, file), await readFile(file)] as const)));
}

beforeAll(async () => {
  project = await copyProject('section-cache');
  cachedOutput = await build({});
  await rename(join(project.root, 'dist'), join(project.root, 'dist-cached'));
  uncachedOutput = await build({ SECTION_CACHE: 'off' });
});

afterAll(() => project?.remove());

describe('the section render cache', () => {
  it('writes every HTML file byte for byte as a build without it does', async () => {
    const cached = await htmlFiles(join(project.root, 'dist-cached', 'client'));
    const uncached = await htmlFiles(join(project.root, 'dist', 'client'));
    expect([...cached.keys()].sort()).toEqual([...uncached.keys()].sort());
    expect(cached.size).toBeGreaterThan(10);
    for (const [file, html] of uncached) expect(cached.get(file)!.equals(html), file).toBe(true);
  });

  it('reuses renders in the cached build and reports its hit rate; the uncached build renders every section', () => {
    const report = /(\d+) sections, (\d+) from the cache \(([\d.]+) % hit rate\)/.exec(cachedOutput);
    expect(report, cachedOutput.slice(-2000)).not.toBeNull();
    const [, sections, hits] = report!.map(Number);
    // The shared header and footer at least are rendered once for all the pages that show them.
    expect(hits).toBeGreaterThan(0);
    expect(hits).toBeLessThan(sections!);
    expect(uncachedOutput).not.toContain('[section-cache-report]');
  });
});
