import { describe, expect, it } from 'vitest';
import { counterpartAt, mergeJson, mergeJsonKeeping, sameJson } from '../../src/editor/lib/json-merge';

const page = { meta: { title: 'T', description: 'D' }, sections: [{ id: 'a', data: { title: 'A' } }, { id: 'b', data: { title: 'B' } }] };
const withTitle = (index: number, title: string) => ({ ...page, sections: page.sections.map((section, at) => (at === index ? { ...section, data: { title } } : section)) });

describe('mergeJson', () => {
  it('combines changes to different fields, in objects and in sections told apart by id', () => {
    expect(mergeJson(page, withTitle(0, 'A2'), withTitle(1, 'B2'))).toEqual({ merged: { ...page, sections: [{ id: 'a', data: { title: 'A2' } }, { id: 'b', data: { title: 'B2' } }] } });
    expect(mergeJson(page, { ...page, meta: { title: 'T2', description: 'D' } }, withTitle(0, 'A2'))).toEqual({ merged: { ...withTitle(0, 'A2'), meta: { title: 'T2', description: 'D' } } });
  });

  it('takes a change made on one side only, a removed field included, and agrees with the same change on both', () => {
    expect(mergeJson({ a: 1, b: 2 }, { a: 1 }, { a: 1, b: 2 })).toEqual({ merged: { a: 1 } });
    expect(mergeJson({ a: 1 }, { a: 2 }, { a: 2 })).toEqual({ merged: { a: 2 } });
    expect(mergeJson({ a: 1 }, { a: 1 }, { a: 1, c: 3 })).toEqual({ merged: { a: 1, c: 3 } });
  });

  it('refuses the same field changed differently, and lists without ids resized on both sides', () => {
    expect(mergeJson(page, withTitle(0, 'X'), withTitle(0, 'Y'))).toBeUndefined();
    expect(mergeJson([1, 2], [1, 2, 3], [1, 2, 4])).toBeUndefined();
  });
});

describe('lists of items with ids (sections), merged item by item', () => {
  const [a, b] = page.sections;
  const c = { id: 'c', data: { title: 'C, added by hand' } };

  it('keeps a section added on one side and a field changed on the other (either choice once dropped one of them)', () => {
    const added = { ...page, sections: [a, c, b] };
    expect(mergeJson(page, withTitle(1, 'B, mine'), added)).toEqual({ merged: { ...page, sections: [a, c, { id: 'b', data: { title: 'B, mine' } }] } });
    expect(mergeJson(page, added, withTitle(1, 'B, theirs'))).toEqual({ merged: { ...page, sections: [a, c, { id: 'b', data: { title: 'B, theirs' } }] } });
  });

  it('tells shared sections apart by their $ref, so a page with its header and footer merges item by item too', () => {
    const [header, footer] = [{ $ref: '../shared/header.json' }, { $ref: '../shared/footer.json' }];
    const stored = { ...page, sections: [header, a, b, footer] };
    const mine = { ...stored, sections: [header, { ...a, data: { title: 'My hero title' } }, b, footer] };
    const byHand = { ...stored, sections: [header, a, b, c, footer] };
    expect(mergeJson(stored, mine, byHand)).toEqual({ merged: { ...stored, sections: [header, { ...a, data: { title: 'My hero title' } }, b, c, footer] } });
  });

  it('keeps a move on one side and an edit on the other, wherever the item went', () => {
    const moved = { ...page, sections: [b, a] };
    expect(mergeJson(page, moved, withTitle(0, 'A2'))).toEqual({ merged: { ...page, sections: [b, { id: 'a', data: { title: 'A2' } }] } });
  });

  it('removes an item removed on one side and left alone on the other; removed and changed is a clash', () => {
    expect(mergeJson(page, { ...page, sections: [b] }, withTitle(1, 'B2'))).toEqual({ merged: { ...page, sections: [{ id: 'b', data: { title: 'B2' } }] } });
    const removedChanged = mergeJsonKeeping(page, { ...page, sections: [b] }, withTitle(0, 'A2'), 'theirs');
    expect(removedChanged.clashes).toEqual([['sections']]);
    expect(removedChanged.merged).toEqual({ ...page, sections: [{ id: 'a', data: { title: 'A2' } }, b] });
    expect(mergeJsonKeeping(page, { ...page, sections: [b] }, withTitle(0, 'A2'), 'ours').merged).toEqual({ ...page, sections: [b] });
  });

  it('moved differently on both sides is a clash of the order alone: the items are still merged', () => {
    const three = { ...page, sections: [a, b, c] };
    const result = mergeJsonKeeping(three, { ...three, sections: [c, a, b] }, { ...three, sections: [b, a, { ...c, data: { title: 'C2' } }] }, 'ours');
    expect(result.clashes).toEqual([['sections']]);
    expect(result.merged).toEqual({ ...three, sections: [{ ...c, data: { title: 'C2' } }, a, b] });
  });

  it('names a clash by its place in mine, and finds their side of it by id', () => {
    const mine = { ...page, sections: [b, { id: 'a', data: { title: 'Mine' } }] };
    const theirs = withTitle(0, 'Theirs');
    const { clashes } = mergeJsonKeeping(page, mine, theirs, 'ours');
    expect(clashes).toEqual([['sections', 1, 'data', 'title']]);
    expect(counterpartAt(theirs, mine, clashes[0]!)).toBe('Theirs');
  });
});

describe('an item added on both sides under one id (two tabs each added a Call to action: the id is made from the page and the type)', () => {
  const [a, b] = page.sections;
  const mine = { id: 'about-cta-banner', type: 'cta-banner', data: { title: 'Mine' } };
  const theirs = { id: 'about-cta-banner', type: 'cta-banner', data: { title: 'Theirs' } };

  it('keeps both, ours under an id of its own, with no clash (one was lost whichever side was kept)', () => {
    const merged = mergeJsonKeeping(page, { ...page, sections: [a, b, mine] }, { ...page, sections: [a, b, theirs] }, 'ours');
    expect(merged.clashes).toEqual([]);
    expect(merged.merged).toEqual({ ...page, sections: [a, b, theirs, { ...mine, id: 'about-cta-banner-2' }] });
    // An id taken already is passed over.
    const taken = { id: 'about-cta-banner-2', type: 'cta-banner', data: { title: 'Older' } };
    const withTaken = { ...page, sections: [a, b, taken] };
    expect(mergeJson(withTaken, { ...withTaken, sections: [a, b, taken, mine] }, { ...withTaken, sections: [a, b, taken, theirs] })?.merged).toEqual({ ...page, sections: [a, b, taken, theirs, { ...mine, id: 'about-cta-banner-3' }] });
  });

  it('keeps one when both added the same item, and one shared section added on both sides', () => {
    expect(mergeJson(page, { ...page, sections: [a, b, theirs] }, { ...page, sections: [a, b, theirs] })?.merged).toEqual({ ...page, sections: [a, b, theirs] });
    const footer = { $ref: '../shared/footer.json' };
    expect(mergeJson(page, { ...page, meta: { title: 'T2', description: 'D' }, sections: [a, b, footer] }, { ...page, sections: [a, b, footer] })?.merged).toEqual({ ...page, meta: { title: 'T2', description: 'D' }, sections: [a, b, footer] });
  });
});

describe('lists of items without ids (a menu), known only by place', () => {
  const menu = [{ label: 'Journal', href: '/journal/' }, { label: 'Topics', href: '/#topics' }, { label: 'About', href: '/about/' }];

  it('a move on one side and an edit of a moved item on the other is a clash, never a label spliced onto another link', () => {
    const moved = [menu[1], menu[0], menu[2]];
    const renamed = [{ label: 'Blog', href: '/journal/' }, menu[1], menu[2]];
    const result = mergeJsonKeeping(menu, moved, renamed, 'theirs');
    expect(result.clashes).toEqual([[]]);
    expect(result.merged).toEqual(renamed);
  });

  it('merges within an item both sides changed where its id says it is the same item (a shared section twice on a page)', () => {
    const shared = { $ref: '../shared/cta.json' };
    const base = [shared, { id: 'a', data: { title: 'A', body: 'B' } }, shared];
    const result = mergeJson(base, [shared, { id: 'a', data: { title: 'A2', body: 'B' } }, shared], [shared, { id: 'a', data: { title: 'A', body: 'B2' } }, shared]);
    expect(result).toEqual({ merged: [shared, { id: 'a', data: { title: 'A2', body: 'B2' } }, shared] });
  });

  it('still merges edits of different places', () => {
    const first = [{ label: 'Blog', href: '/journal/' }, menu[1], menu[2]];
    const last = [menu[0], menu[1], { label: 'Studio', href: '/about/' }];
    expect(mergeJson(menu, first, last)).toEqual({ merged: [first[0], menu[1], last[2]] });
  });
});

describe('sameJson', () => {
  it('ignores the order of keys, not of list items', () => {
    expect(sameJson({ a: 1, b: [1, { c: 2, d: 3 }] }, { b: [1, { d: 3, c: 2 }], a: 1 })).toBe(true);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(false);
  });
});
