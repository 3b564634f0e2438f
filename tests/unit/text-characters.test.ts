/** Characters no page or feed can carry: refused on save, naming the field; left out of the feed when stored by hand. */
import { describe, expect, it } from 'vitest';
import { forbiddenCharacterIssues, forbiddenCharacterProblem, withoutForbiddenCharacters } from '../../src/engine/text-characters';
import { snapshotFromEntries } from '../../src/engine/snapshot';
import { planChangeset } from '../../src/server/store/plan';
import { validatePlan } from '../../src/server/store/validate';

const post = { title: 'One', excerpt: 'E', date: '2026-01-02', author: 'A', tags: [], body: 'B' };

describe('characters text content may not hold', () => {
  it('are the C0 controls but tab, line feed and carriage return, U+FFFE, U+FFFF and lone surrogates', () => {
    for (const bad of ['\u0000', '\u0008', '\u000B', '\u001B', '\uFFFE', '\uFFFF', '\uD800', 'a\uDC00']) expect(forbiddenCharacterProblem(`x${bad}y`), JSON.stringify(bad)).toBeDefined();
    for (const fine of ['tab\tline\nreturn\r', 'é ✓ 😀 \u0085 \u2028', '']) expect(forbiddenCharacterProblem(fine)).toBeUndefined();
    expect(forbiddenCharacterProblem('Title\u0008')).toMatch(/U\+0008/);
    expect(withoutForbiddenCharacters('A\u0008B\u000BC\uD800D')).toBe('ABC\uFFFDD');
  });

  it('are found in any string of a document, by JSON pointer', () => {
    expect(forbiddenCharacterIssues({ meta: { title: 'fine' }, sections: [{ data: { items: ['ok', 'bad\u001B'] } }] })).toEqual([{ path: '/sections/0/data/items/1', message: expect.stringMatching(/U\+001B/) }]);
  });

  it('refuse a save that writes one, naming the file and the field', () => {
    const site = snapshotFromEntries([['collections/posts/one.json', post]]);
    const issues = validatePlan(site, planChangeset(site, [{ op: 'put', file: 'collections/posts/one.json', content: { ...post, title: 'Pasted\u000Bfrom Word' }, baseVersion: 'v' }]));
    expect(issues).toEqual([{ file: 'collections/posts/one.json', path: '/title', message: expect.stringMatching(/^contains an invisible control character \(U\+000B\)/) }]);
  });
});
