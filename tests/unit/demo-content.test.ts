import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatDocument } from '../../src/server/store/content-store';
import { describe, expect, it } from 'vitest';
import { createFsSnapshotLoader } from '../../src/engine/fs-snapshot';
import { BUILT_IN_TYPES } from '../helpers/built-in-types';
import { resolverFor } from '../helpers/registry';

const dataRoot = fileURLToPath(new URL('../../src/data', import.meta.url));

describe('the committed demo content', async () => {
  const { snapshot } = await createFsSnapshotLoader(dataRoot)();
  const resolver = resolverFor(snapshot);
  const pages = resolver.listPages();
  const bundles = pages.map((page) => resolver.resolvePage(page.slug));

  it('resolves every page, including one per post and per tag', () => {
    const slugs = pages.map((page) => page.slug);
    expect(slugs).toEqual(expect.arrayContaining(['home', 'about', 'journal', 'docs/getting-started']));
    expect(slugs.filter((slug) => slug.startsWith('posts/')).length).toBeGreaterThanOrEqual(6);
    expect(slugs.filter((slug) => slug.startsWith('tags/')).length).toBeGreaterThanOrEqual(4);
  });

  it('uses every built-in section type at least once', () => {
    const used = new Set(bundles.flatMap((bundle) => bundle.sections.map((section) => section.type)));
    expect([...used]).toEqual(expect.arrayContaining(BUILT_IN_TYPES));
  });

  it('pulls the shared header and footer into every page', () => {
    for (const bundle of bundles) {
      expect(bundle.sections[0]).toMatchObject({ id: 'site-header', type: 'header', data: { logoText: 'Northwind' } });
      expect(bundle.sections.at(-1)).toMatchObject({ id: 'site-footer', type: 'footer' });
    }
  });

  it('builds the home page the issue describes', () => {
    const home = bundles[pages.findIndex((page) => page.slug === 'home')]!;
    expect(home.sections.map((section) => section.type)).toEqual([
      'header', 'hero', 'stats-band', 'posts-list', 'tags-list', 'cta-banner', 'footer',
    ]);
    const hero = home.sections[1]!;
    expect(hero.type === 'hero' && hero.data.image).toBeTruthy();
    const list = home.sections[3]!;
    expect(list.data).toMatchObject({ variant: 'bento', limit: 5 });
  });

  it('is stored in the one canonical format, so a one-field edit is a one-line diff', () => {
    const files = readdirSync(dataRoot, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && entry.name.endsWith('.json'));
    expect(files.length).toBeGreaterThan(10);
    for (const entry of files) {
      const text = readFileSync(join(entry.parentPath, entry.name), 'utf8');
      expect(text, entry.name).toBe(formatDocument(JSON.parse(text)));
    }
  });
});
