/**
 * A view that compiles but throws while it renders one section (valid code meeting content it did
 * not expect): the build of a project copy stops, naming the section, its view and the view's own
 * words (SectionFrame.astro's ViewRenderError), never a site with that page cut off.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, type ProjectCopy } from '../helpers/project-copy';
import { buildProject } from '../helpers/servers';

let project: ProjectCopy;

beforeAll(async () => {
  project = await copyProject('view-faults');
  const view = join(project.root, 'src', 'sections', 'stats-band', 'View.astro');
  const source = await readFile(view, 'utf8');
  await writeFile(view, source.replace('---\n', `---\nif (Astro.props.id === 'home-stats') throw new Error('stats-band cannot count today');\n`));
});
afterAll(() => project?.remove());

describe('a view that throws while the build renders a page', () => {
  it('stops the build, naming the section, its view and the error', async () => {
    const failure = await buildProject(project).then(
      () => undefined,
      (error: { stdout?: string; stderr?: string }) => `${error.stdout ?? ''}${error.stderr ?? ''}`,
    );
    expect(failure).toBeDefined();
    expect(failure).toContain('The stats-band section "home-stats" could not be shown: src/sections/stats-band/View.astro failed with "stats-band cannot count today"');
  });
});
