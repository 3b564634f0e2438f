/**
 * Adding a collection is one folder: with src/collections/authors/ added to a
 * copy of the project (and nothing else changed), the build picks up its
 * entries, validates them with its schema, and names the invalid one. With a
 * template page, each entry gets a page of its own that shows that entry.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, type ProjectCopy } from '../helpers/project-copy';
import { addAuthorCardSection, addAuthorsCollection } from '../helpers/registry-folders';
import { buildProject } from '../helpers/servers';

let project: ProjectCopy;

beforeAll(async () => {
  project = await copyProject('collection');
  await addAuthorsCollection(project.root);
  await mkdir(join(project.dataRoot, 'collections', 'authors'));
  await writeFile(join(project.dataRoot, 'collections', 'authors', 'ada.json'), JSON.stringify({ name: 'Ada', bio: 'Writes.' }));
  await writeFile(join(project.dataRoot, 'collections', 'authors', 'bad.json'), JSON.stringify({ name: 'Bad', bio: 'Writes.', twitter: '@bad' }));
});
afterAll(() => project?.remove());

describe('a collection added as one folder', () => {
  it('has its entries validated by the build, which names the invalid one and its unknown field', async () => {
    const failure = await buildProject(project).then(
      () => undefined,
      (error: { stdout?: string; stderr?: string }) => `${error.stdout ?? ''}${error.stderr ?? ''}`,
    );
    expect(failure).toBeDefined();
    expect(failure).toContain('collections/authors/bad.json');
    expect(failure).toContain('twitter');
    expect(failure).not.toContain('collections/authors/ada.json');
  });

  it('gives each entry a page of its own that shows it, titled and described by it, from a template page', async () => {
    await rm(join(project.dataRoot, 'collections', 'authors', 'bad.json'));
    await writeFile(join(project.dataRoot, 'collections', 'authors', 'grace.json'), JSON.stringify({ name: 'Grace', bio: 'Reviews everything twice.' }));
    await addAuthorCardSection(project.root);
    // A type without its view is refused, named, before any page is built: one once built, and failed the first page given it.
    const view = join(project.root, 'src', 'sections', 'author-card', 'View.astro');
    const viewText = await readFile(view, 'utf8');
    await rm(view);
    const viewless = await buildProject(project).then(
      () => 'built',
      (error: { stdout?: string; stderr?: string }) => `${error.stdout ?? ''}${error.stderr ?? ''}`,
    );
    expect(viewless).toContain('src/sections/author-card/section.ts has no View.astro beside it');
    await writeFile(view, viewText);
    await mkdir(join(project.dataRoot, 'pages', 'authors'));
    const template = { id: 'author', slug: 'authors/[slug]', template: { collection: 'authors' }, meta: { title: 'Authors — Northwind', description: 'The people who write here.' }, sections: [{ id: 'card', type: 'author-card', data: {} }] };
    await writeFile(join(project.dataRoot, 'pages', 'authors', '[slug].json'), JSON.stringify(template));
    await buildProject(project);
    const page = (slug: string) => readFile(join(project.root, 'dist', 'client', 'authors', slug, 'index.html'), 'utf8');
    const [ada, grace] = [await page('ada'), await page('grace')];
    // Every entry's page once showed the template alone, under the template's title: the same page twice.
    expect(ada).toMatch(/class="author-name"[^>]*>Ada<\/h2><p[^>]*>Writes\.<\/p>/);
    expect(grace).toMatch(/class="author-name"[^>]*>Grace<\/h2><p[^>]*>Reviews everything twice\.<\/p>/);
    expect(ada).toContain('<title>Ada · Authors — Northwind</title>');
    expect(grace).toContain('<meta name="description" content="Reviews everything twice.">');
  });
});
