/** Who points at what, and rewriting pointers when files move. */
import { describe, expect, it } from 'vitest';
import { refReferrers, relativeRefPath, rewriteRefs, uploadedImageName, urlReferrers } from '../../src/engine/references';
import { parseRef } from '../../src/engine/pointer';
import { snapshotFromEntries } from '../../src/engine/snapshot';

const snapshot = snapshotFromEntries([
  ['pages/home.json', { sections: [{ $ref: '../shared/header.json' }, { id: 'x', data: { image: { url: '/assets/images/a.png', alt: 'A' } } }] }],
  ['pages/docs/intro.json', { sections: [{ $ref: '../../shared/header.json#/data' }, { $ref: '#/meta' }] }],
  ['shared/header.json', { data: { logo: { $ref: 'site.json#/name' } } }],
  ['shared/site.json', { name: 'N', image: '/assets/images/a.png' }],
]);

describe('references', () => {
  it('finds every $ref into a file, with its pointer', () => {
    expect(refReferrers(snapshot, 'shared/header.json')).toEqual([
      { file: 'pages/home.json', pointer: '/sections/0' },
      { file: 'pages/docs/intro.json', pointer: '/sections/0' },
    ]);
    expect(refReferrers(snapshot, 'shared/site.json')).toEqual([{ file: 'shared/header.json', pointer: '/data/logo' }]);
    expect(refReferrers(snapshot, 'shared/header.json', new Set(['pages/home.json']))).toHaveLength(1);
  });

  it('finds every field that holds an image URL', () => {
    expect(urlReferrers(snapshot, '/assets/images/a.png')).toEqual([
      { file: 'pages/home.json', pointer: '/sections/1/data/image/url' },
      { file: 'shared/site.json', pointer: '/image' },
    ]);
  });

  it('reads an uploaded image’s name from every spelling the servers answer with it, and no other', () => {
    // Each of these is answered with a.png (doubled slashes with a 301 to it): each keeps it in use.
    for (const url of ['/assets/images/a.png', '/assets//images/a.png', '/assets/images//a.png', '/assets\\images\\a.png', '/assets/images/a.png/', '/assets/%69mages/a.png', '/assets/images/a.png?v=2#top']) {
      expect(uploadedImageName(url), url).toBe('a.png');
    }
    // Dot segments too: a browser resolves them before it asks, so the servers never see them (a review).
    for (const url of ['/assets/images/../images/a.png', '/x/../assets/images/a.png', '/x/%2e%2e/assets/images/a.png', '/assets/./images/a.png?v=1', '/x/..//assets/images/a.png']) {
      expect(uploadedImageName(url), url).toBe('a.png');
    }
    // Another site (protocol-relative, as browsers read `/\\` too), a relative path, or one the servers refuse.
    for (const url of ['//assets/images/a.png', '/\\assets/images/a.png', 'assets/images/a.png', 'https://elsewhere.example/assets/images/a.png', '/assets/images%2Fa.png', '/about/']) {
      expect(uploadedImageName(url), url).toBeUndefined();
    }
    const doubled = snapshotFromEntries([['pages/a.json', { image: { url: '/assets//images/a.png' } }]]);
    expect(urlReferrers(doubled, '/assets/images/a.png')).toEqual([{ file: 'pages/a.json', pointer: '/image/url' }]);
  });

  it('writes relative paths that resolve back to the target', () => {
    for (const [holder, target] of [
      ['pages/home.json', 'shared/header.json'],
      ['pages/docs/intro.json', 'shared/header.json'],
      ['shared/header.json', 'shared/site.json'],
      ['pages/a/b/c.json', 'pages/a/x.json'],
      ['x.json', 'shared/y.json'],
    ]) {
      expect(parseRef(relativeRefPath(holder!, target!), holder!).file, `${holder} → ${target}`).toBe(target);
    }
  });

  it('rewrites refs to a moved file, and the relative refs of a moved file, keeping fragments', () => {
    const moves = new Map([['shared/header.json', 'shared/nav/top.json']]);
    expect(rewriteRefs(snapshot.get('pages/docs/intro.json'), 'pages/docs/intro.json', 'pages/docs/intro.json', moves)).toEqual({
      sections: [{ $ref: '../../shared/nav/top.json#/data' }, { $ref: '#/meta' }],
    });
    expect(rewriteRefs(snapshot.get('shared/header.json'), 'shared/header.json', 'shared/nav/top.json', moves)).toEqual({
      data: { logo: { $ref: '../site.json#/name' } },
    });
    expect(rewriteRefs(snapshot.get('shared/site.json'), 'shared/site.json', 'shared/site.json', moves)).toBeUndefined();
    expect(snapshot.get('pages/docs/intro.json')).toEqual({ sections: [{ $ref: '../../shared/header.json#/data' }, { $ref: '#/meta' }] });
  });
});
