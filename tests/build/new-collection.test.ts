/**
 * Adding a collection is one folder: with src/collections/authors/ added to a
 * copy of the project (and nothing else changed), the build picks up its
 * entries, validates them with its schema, and names the invalid one.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, type ProjectCopy } from '../helpers/project-copy';
import { addAuthorsCollection } from '../helpers/registry-folders';
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
});
