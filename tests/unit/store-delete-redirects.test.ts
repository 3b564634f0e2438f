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
import { createContentStore, type StoreWrite } from '../../src/server/store/content-store';
import { HttpError } from '../../src/server/errors';
import { contentVersion } from '../../src/server/version';
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
    expect(moved.after.get('redirects.json')).toEqual({ redirects: [{ from: '/our-services/', to: '/services/our-services/', madeByMove: true }] });
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

describe('who may end a redirect by deleting the page it leads to', () => {
  /** A store over `base` whose writes are recorded, and the delete of the page at `file`. */
  function storeOver(base: ContentSnapshot) {
    const written: StoreWrite[][] = [];
    const version = async (file: string) => (base.get(file) === undefined ? undefined : contentVersion(base.get(file)));
    const store = createContentStore({ version, snapshot: async () => base, commit: async (writes) => (written.push(writes), {}), recover: async () => {} }, `delete-redirects-${Math.random()}`);
    const remove = async (file: string) => ({ changes: [{ op: 'delete' as const, file, baseVersion: (await version(file))! }] });
    return { store, written, remove };
  }
  const editor = (file: string) => file.startsWith('pages/');
  const withRedirects = (redirects: unknown[]) => snapshotFromEntries([...[...site.paths()].map((path) => [path, site.get(path)] as const), ['redirects.json', { redirects }]]);

  it('refuses an editor (403) when an administrator’s redirect leads to the page, and writes nothing: it once ended it, and the editor took its address', async () => {
    const { store, written, remove } = storeOver(withRedirects([{ from: '/promo/', to: '/pricing/' }]));
    const refusal = await store.apply(await remove('pages/pricing.json'), undefined, editor).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(HttpError);
    expect(refusal).toMatchObject({ status: 403, message: 'Deleting the page would end the redirect /promo/ → /pricing/ (redirects.json), which only an administrator can change. Ask an administrator to delete it, or to point the redirect elsewhere first' });
    expect(written).toEqual([]);
    // An administrator may, and the redirect goes with the page.
    await store.apply(await remove('pages/pricing.json'), undefined, () => true);
    expect(JSON.parse((written[0]!.find((write) => write.file === 'redirects.json') as { data: string }).data).redirects).toEqual([]);
  });

  it('lets an editor delete a page its own moves left redirects to, and ends them', async () => {
    const moved = planChangeset(site, [{ op: 'move', file: 'pages/pricing.json', to: 'pages/plans.json', baseVersion: 'v' }]).after;
    const { store, written, remove } = storeOver(moved);
    await store.apply(await remove('pages/plans.json'), undefined, editor);
    expect(JSON.parse((written[0]!.find((write) => write.file === 'redirects.json') as { data: string }).data).redirects).toEqual([]);
  });
});

