import { describe, expect, it } from 'vitest';
import { mergeJson, sameJson } from '../../src/editor/lib/json-merge';

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

  it('refuses the same field changed differently, and lists reordered or resized on both sides', () => {
    expect(mergeJson(page, withTitle(0, 'X'), withTitle(0, 'Y'))).toBeUndefined();
    const reordered = { ...page, sections: [page.sections[1], page.sections[0]] };
    expect(mergeJson(page, reordered, withTitle(0, 'A2'))).toBeUndefined();
    expect(mergeJson([1, 2], [1, 2, 3], [1, 2, 4])).toBeUndefined();
  });
});

describe('sameJson', () => {
  it('ignores the order of keys, not of list items', () => {
    expect(sameJson({ a: 1, b: [1, { c: 2, d: 3 }] }, { b: [1, { d: 3, c: 2 }], a: 1 })).toBe(true);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(false);
  });
});
