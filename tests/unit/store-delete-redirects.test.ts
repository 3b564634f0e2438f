/**
 * A page that was moved could not be deleted: its old address's redirect led to it, the store
 * refuses a redirect to no page, and nothing in the editor changes redirects.json (a UX review
 * renamed a new page, then found Delete refused with "there is no page at …"). A deleted page now
 * takes the redirects that lead to it along.
 */
import { describe, expect, it } from 'vitest';
import { snapshotFromEntries, type ContentSnapshot } from '../../src/engine/snapshot';
import { redirectsAfterDelete } from '../../src/engine/redirects';
import { planChangeset } from '../../src/server/store/plan';
import { validatePlan } from '../../src/server/store/validate';

const meta = { title: 'T', description: 'D' };
const page = (slug: string) => ({ id: slug.replaceAll('/', '-'), slug, meta, sections: [] });
const site = snapshotFromEntries([
  ['pages/home.json', page('home')],
  ['pages/our-services.json', page('our-services')],
  ['pages/pricing.json', page('pricing')],
]);
const issuesOf = (base: ContentSnapshot, changes: Parameters<typeof planChangeset>[1]) => validatePlan(base, planChangeset(base, changes)).map((issue) => `${issue.file}${issue.path}: ${issue.message}`);

describe('deleting a page that was moved', () => {
  it('removes the redirects that led to it, and only those', () => {
    const moved = planChangeset(site, [{ op: 'move', file: 'pages/our-services.json', to: 'pages/services/our-services.json', baseVersion: 'v' }]);
    expect(moved.after.get('redirects.json')).toEqual({ redirects: [{ from: '/our-services/', to: '/services/our-services/' }] });
    // Another redirect, an invalid item and another key stay as they are.
    const redirects = { note: 'kept', redirects: [{ from: '/our-services/', to: '/services/our-services/' }, { from: '/prices/', to: '/pricing/' }, { from: 'broken' }] };
    const base = snapshotFromEntries([...[...moved.after.paths()].map((path) => [path, moved.after.get(path)] as const), ['redirects.json', { redirects: redirects.redirects.slice(0, 2) }]]);
    const plan = planChangeset(base, [{ op: 'delete', file: 'pages/services/our-services.json', baseVersion: 'v' }]);
    expect(plan.after.get('redirects.json')).toEqual({ redirects: [{ from: '/prices/', to: '/pricing/' }] });
    expect(plan.rewritten).toEqual(['redirects.json']);
    expect(issuesOf(base, [{ op: 'delete', file: 'pages/services/our-services.json', baseVersion: 'v' }])).toEqual([]);
    expect(redirectsAfterDelete(redirects, 'services/our-services')).toEqual({ note: 'kept', redirects: [{ from: '/prices/', to: '/pricing/' }, { from: 'broken' }] });
  });

  it('leaves redirects.json alone when no redirect led to the page', () => {
    const plan = planChangeset(site, [{ op: 'delete', file: 'pages/pricing.json', baseVersion: 'v' }]);
    expect(plan.documents.has('redirects.json')).toBe(false);
    expect(plan.rewritten).toEqual([]);
    expect(redirectsAfterDelete(undefined, 'pricing')).toBeUndefined();
  });
});
