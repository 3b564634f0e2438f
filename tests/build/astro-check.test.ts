/**
 * `astro check` (part of `npm run typecheck`, the first step of `npm test`)
 * type-checks every .astro file, and each view is typed from its section's
 * schema: a view that reads a field the schema does not have fails the check.
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASTRO_CLI, copyProject, type ProjectCopy } from '../helpers/project-copy';
import { userEnv } from '../helpers/servers';

const run = promisify(execFile);
let project: ProjectCopy;

beforeAll(async () => {
  project = await copyProject('check');
});
afterAll(() => project?.remove());

async function astroCheck(): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [ASTRO_CLI, 'check'], { cwd: project.root, env: { ...userEnv(), ASTRO_TELEMETRY_DISABLED: '1' }, maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe('astro check', () => {
  it('fails on a view that reads a field its section’s schema does not have', async () => {
    const view = join(project.root, 'src', 'sections', 'page-hero', 'View.astro');
    const source = await readFile(view, 'utf8');
    expect(source).toContain('const { data, mainHeading } = Astro.props;');
    await writeFile(view, source.replace('const { data, mainHeading } = Astro.props;', 'const { data, mainHeading } = Astro.props;\nconst shouted = data.nope.toUpperCase();'));
    const { code, output } = await astroCheck();
    expect(code).not.toBe(0);
    expect(output).toContain("Property 'nope' does not exist");
    expect(output).toContain('src/sections/page-hero/View.astro');
  });
});
