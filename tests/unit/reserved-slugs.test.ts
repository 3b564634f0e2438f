/** No page lives where the server answers itself: /api/, /editor/, /assets/, nor at the error page's /500/ (src/engine/slug.ts). */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createFsSnapshotLoader } from '../../src/engine/fs-snapshot';
import { siteProblems } from '../../src/engine/problems';
import { isPagePath, redirectsOf } from '../../src/engine/redirects';
import { isReservedSlug, isTemplateSlug, isValidSlug, moveTargetProblem, reservedSlugProblem } from '../../src/engine/slug';
import { parseChangeset } from '../../src/server/store/changeset';
import { snapshotFromEntries } from '../../src/engine/snapshot';
import { resolverFor } from '../helpers/registry';

const dataRoot = fileURLToPath(new URL('../../src/data', import.meta.url));

describe('reserved first segments', () => {
  it('are no slug, template or redirect path, wherever they are nested below', () => {
    for (const slug of ['api', 'editor', 'assets', 'editor/sign-in', 'api/auth/session', 'assets/images/x']) {
      expect(isReservedSlug(slug), slug).toBe(true);
      expect(isValidSlug(slug), slug).toBe(false);
      expect(isPagePath(`/${slug}/`), slug).toBe(false);
    }
    expect(isTemplateSlug('api/[slug]')).toBe(false);
    // Only the first segment is the server's: a page may have one of these words further down.
    for (const slug of ['docs/api', 'apis', 'editors', 'guides/editor/setup']) expect(isValidSlug(slug), slug).toBe(true);
  });

  it('give an entry no page at the server\'s address, from a template at the top, and name the entry', async () => {
    const { snapshot } = await createFsSnapshotLoader(dataRoot)();
    const files = Object.fromEntries([...snapshot.paths()].map((path) => [path, snapshot.get(path)]));
    const template = { ...(files['pages/posts/[slug].json'] as object), id: 'top-post', slug: '[slug]' };
    const post = files['collections/posts/editing-without-fear.json'];
    const withTemplate = snapshotFromEntries(Object.entries({ ...files, 'pages/[slug].json': template, 'collections/posts/editor.json': post }));
    const resolver = resolverFor(withTemplate);
    const slugs = resolver.listPages().map((route) => route.slug);
    expect(slugs).not.toContain('editor');
    expect(slugs).toContain('posts/editor');
    expect(slugs).toContain('editing-without-fear');
    const problem = siteProblems(resolver, withTemplate).find((problems) => problems.file === 'collections/posts/editor.json');
    expect(problem?.issues.map((issue) => issue.message)).toEqual([expect.stringMatching(/^This entry's page would be at \/editor\/: Pages cannot start with "editor\/"/)]);
  });
});

describe('the error page’s address', () => {
  it('is no page’s, created or moved there: in dev the error page answered it with status 500, in production the page did', () => {
    expect(isReservedSlug('500')).toBe(true);
    expect(isValidSlug('500')).toBe(false);
    expect(reservedSlugProblem('500')).toBe('No page can be at /500/: the site shows its error page there.');
    expect(moveTargetProblem('500')).toBe('No page can be at /500/: the site shows its error page there.');
    for (const slug of ['5000', '500/errors', 'docs/500']) expect(isValidSlug(slug), slug).toBe(true);
    const put = { op: 'put', file: 'pages/500.json', content: {}, baseVersion: null };
    expect(() => parseChangeset({ changes: [put] })).toThrow(expect.objectContaining({ status: 400, extra: { issues: [expect.objectContaining({ path: '/changes/0/file', message: 'No page can be at /500/: the site shows its error page there.' })] } }));
  });
});

describe('redirects from before the rule', () => {
  it('leave out only the invalid one: a redirect from /editor/sign-in/ does not take the others with it', () => {
    const snapshot = snapshotFromEntries([['redirects.json', { redirects: [{ from: '/editor/sign-in/', to: '/about/' }, { from: '/journal/', to: '/blog/' }, { from: 'nonsense', to: 1 }] }]]);
    expect([...redirectsOf(snapshot)]).toEqual([['journal', { from: '/journal/', to: '/blog/' }]]);
  });
});
