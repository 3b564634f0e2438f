/** The publisher's memory of pages a render worker got stuck on (src/server/publish/stuck-renders.ts). */
import { describe, expect, it } from 'vitest';
import { StuckRenders } from '../../src/server/publish/stuck-renders';

describe('pages a render worker got stuck on', () => {
  it('are not rendered again until their render key changes, and are forgotten once no page has that key', () => {
    const stuck = new StuckRenders();
    stuck.add('page-a@v1', 'Rendering the page at /a/ failed (504): a worker answered nothing');
    expect(stuck.reasonFor('page-a@v1')).toBe('Rendering the page at /a/ failed (504): a worker answered nothing; it is not rendered again until its content or the code changes');
    // Its content or the code changed: a new key, tried afresh.
    expect(stuck.reasonFor('page-a@v2')).toBeUndefined();
    stuck.keepOnly(new Set(['page-a@v1', 'page-b@v1']));
    expect(stuck.reasonFor('page-a@v1')).toBeDefined();
    stuck.keepOnly(new Set(['page-a@v2']));
    expect(stuck.reasonFor('page-a@v1')).toBeUndefined();
  });
});
