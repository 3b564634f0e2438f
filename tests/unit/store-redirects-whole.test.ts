/**
 * carriedOverRedirectIssue (validate.ts). A redirects file that is not a list of redirects
 * at all is, by redirectsAfterMove's own comment, "left for the store to refuse, whole": the move
 * cannot add the redirect that keeps the page's old address working. The new excuse matches issues
 * by place only, so the file's problem (the same before and after) is excused and the move is
 * accepted with no redirect written: the old address answers "not found" without a word.
 */
import { describe, expect, it } from 'vitest';
import { snapshotFromEntries, type ContentSnapshot } from '../../src/engine/snapshot';
import type { Change } from '../../src/server/store/changeset';
import { planChangeset } from '../../src/server/store/plan';
import { validatePlan } from '../../src/server/store/validate';

const meta = { title: 'T', description: 'D' };
const page = (slug: string) => ({ id: slug, slug, meta, sections: [] });
const siteWith = (redirects: unknown): ContentSnapshot => ({
  ...snapshotFromEntries([
    ['pages/home.json', page('home')],
    ['pages/old.json', page('old')],
    ['redirects.json', redirects],
  ]),
  uploadedImages: () => [],
});
const move: Change = { op: 'move', file: 'pages/old.json', to: 'pages/renamed.json', baseVersion: 'v' };

describe('a move over a redirects file that cannot take its redirect (a review: it went through without one)', () => {
  for (const [name, stored] of [
    ['redirects is not a list', { redirects: { from: '/a/', to: '/' } }],
    ['the file is a list, not an object', [{ from: '/a/', to: '/' }]],
  ] as const) {
    it(`${name}: the move is refused, or it writes the redirect from its old address`, () => {
      const site = siteWith(stored);
      const plan = planChangeset(site, [move]);
      const issues = validatePlan(site, plan);
      const redirects = (plan.documents.get('redirects.json') as { redirects?: unknown } | undefined)?.redirects;
      const hasOwnRedirect = Array.isArray(redirects) && redirects.some((item) => (item as { from?: string }).from === '/old/');
      expect({ refused: issues.length > 0, hasOwnRedirect }).not.toEqual({ refused: false, hasOwnRedirect: false });
    });
  }
});
