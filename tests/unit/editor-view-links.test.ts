/** The top bar shows one link to the visitor page: the save status's once the save is live, else "View page". */
import { describe, expect, it } from 'vitest';
import { viewLinks } from '../../src/editor/lib/view-links';
import type { Publishing } from '../../src/editor/lib/store/state';

const live: Publishing = { ticket: 1, state: 'live', path: '/about/' };

describe('the top bar’s links to the visitor page', () => {
  it('is View page alone before any save on the production server, and under astro dev', () => {
    expect(viewLinks('/about/', null, false)).toEqual({ viewHref: '/about/', liveHref: null });
  });

  it('moves to the save status once the save is live, never both', () => {
    expect(viewLinks('/about/', live, false)).toEqual({ viewHref: null, liveHref: '/about/' });
  });

  it('stays View page while the save is publishing, failed, or a new save is under way', () => {
    expect(viewLinks('/about/', { ...live, state: 'publishing' }, false)).toEqual({ viewHref: '/about/', liveHref: null });
    expect(viewLinks('/about/', { ...live, state: 'failed', error: 'No.' }, false)).toEqual({ viewHref: '/about/', liveHref: null });
    expect(viewLinks('/about/', live, true)).toEqual({ viewHref: '/about/', liveHref: null });
  });

  it('gives the status no link to a page saved earlier once another page is open', () => {
    expect(viewLinks('/pricing/', live, false)).toEqual({ viewHref: '/pricing/', liveHref: null });
  });

  it('has no link for a page visitors do not get', () => {
    expect(viewLinks(null, live, false)).toEqual({ viewHref: null, liveHref: null });
    expect(viewLinks(null, { ticket: 1, state: 'live', notPublic: { state: 'draft' } }, false)).toEqual({ viewHref: null, liveHref: null });
  });
});
