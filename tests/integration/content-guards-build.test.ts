/**
 * Content guards replayed in `astro build` on a project copy: it fails on
 * symbolic links in src/data (item 3 of the security issue), a javascript:
 * href and a data: image URL, naming each, and builds once they are gone.
 * Through the dev server: content-guards.test.ts.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IMAGE_URL_RULE, LINK_RULE } from '../../src/engine/schema/urls';
import { copyProject, type ProjectCopy } from '../helpers/project-copy';
import { buildProject } from '../helpers/servers';
import { aboutWithCta, CTA_HREF, hostFiles, linkHostFiles, SECRET } from './content-guards-fixtures';

describe('astro build', () => {
  let project: ProjectCopy | undefined;
  let host: string | undefined;

  afterAll(async () => {
    await project?.remove();
    if (host) await rm(host, { recursive: true, force: true });
  });

  async function failedBuild(target: ProjectCopy): Promise<string> {
    try {
      await buildProject(target);
    } catch (error) {
      const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
      return `${stdout}\n${stderr}`;
    }
    throw new Error('the build succeeded');
  }

  it('fails on symbolic links in src/data, naming every one, before reading them', async () => {
    project = await copyProject('content-guards-links');
    host = await hostFiles();
    await linkHostFiles(project, host);
    const output = await failedBuild(project);
    expect(output).toContain('src/data/shared/leak.json is a symbolic link');
    expect(output).toContain('src/data/shared/leak-dir is a symbolic link');
    expect(output).not.toContain(SECRET);
    await expect(readFile(join(project.root, 'dist', 'server', 'page-bundles.json'))).rejects.toThrow();
  }, 180_000);

  it('fails on a javascript: href in a page, naming the file and the field', async () => {
    // The same copy, without its links: the content check passes and the page check fails.
    await rm(join(project!.dataRoot, 'shared', 'leak.json'));
    await rm(join(project!.dataRoot, 'shared', 'leak-dir'));
    await writeFile(join(project!.dataRoot, 'pages', 'about.json'), JSON.stringify(await aboutWithCta(project!, 'javascript:alert(document.domain)')));
    const output = await failedBuild(project!);
    // The build's report lists each file with its issues (src/engine/problems.ts).
    expect(output).toContain('src/data/pages/about.json');
    expect(output).toContain(`${CTA_HREF}: ${LINK_RULE}`);
  }, 300_000);

  it('fails on a data: image URL in a post cover, naming the entry and the field', async () => {
    await writeFile(join(project!.dataRoot, 'pages', 'about.json'), JSON.stringify(await aboutWithCta(project!, '/docs/getting-started/')));
    const file = join(project!.dataRoot, 'collections', 'posts', 'zero-javascript-by-default.json');
    const post = JSON.parse(await readFile(file, 'utf8'));
    await writeFile(file, JSON.stringify({ ...post, cover: { url: 'data:image/svg+xml,<svg/onload=alert(1)>', alt: 'x' } }));
    const output = await failedBuild(project!);
    // Named by the content layer's collection schema (cover.url) or by the resolver (/cover/url).
    expect(output).toContain('collections/posts/zero-javascript-by-default');
    expect(output).toMatch(/cover[./]url: Image URLs/);
    expect(output).toContain(IMAGE_URL_RULE);
    await writeFile(file, JSON.stringify(post));
  }, 300_000);

  it('builds once the links and the script URLs are gone', async () => {
    await buildProject(project!);
    const bundles = await readFile(join(project!.root, 'dist', 'server', 'page-bundles.json'), 'utf8');
    expect(bundles).toContain('"slug":"about"');
    expect(bundles).not.toContain(SECRET);
  }, 300_000);
});
