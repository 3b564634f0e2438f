/** The one `$ref` follower: the editor's `followRefs` and the resolver share its steps and limits. */
import { describe, expect, it } from 'vitest';
import { ContentError } from '../../src/engine/content-error';
import { locateRef, MAX_REF_DEPTH } from '../../src/engine/follow-ref';
import { MAX_REF_DEPTH as RESOLVER_DEPTH } from '../../src/engine/resolver';
import { docsFromPayload, followRefs } from '../../src/editor/lib/model';

const files: Record<string, unknown> = {
  'shared/site.json': { name: 'Acme', nav: { $ref: 'header.json#/data/menu' } },
  'shared/header.json': { id: 'site-header', type: 'header', data: { logoText: { $ref: 'site.json#/name' }, menu: [{ label: 'Home', href: '/' }] } },
  'shared/alias.json': { $ref: 'header.json' },
  'shared/loop-a.json': { $ref: 'loop-b.json' },
  'shared/loop-b.json': { $ref: 'loop-a.json' },
};
const get = (file: string) => files[file];
const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
};

describe('locateRef', () => {
  it('finds where a ref and a chain of refs end, as stored', () => {
    expect(locateRef({ $ref: '../shared/header.json' }, 'pages/home.json', get)).toEqual({ value: files['shared/header.json'], file: 'shared/header.json', tokens: [] });
    expect(locateRef({ $ref: '../shared/alias.json' }, 'pages/home.json', get)).toMatchObject({ file: 'shared/header.json', tokens: [] });
    expect(locateRef({ $ref: 'site.json#/name' }, 'shared/header.json', get)).toEqual({ value: 'Acme', file: 'shared/site.json', tokens: ['name'] });
    expect(locateRef('plain', 'pages/home.json', get)).toEqual({ value: 'plain', file: 'pages/home.json', tokens: [] });
  });

  it('follows refs the pointer passes through', () => {
    expect(locateRef({ $ref: '../shared/site.json#/nav/0/label' }, 'pages/home.json', get).value).toBe('Home');
  });

  it('refuses missing targets, cycles, out-of-root paths and chains deeper than the resolver’s limit', () => {
    expect(failure(() => locateRef({ $ref: '../shared/none.json' }, 'pages/home.json', get))).toMatchObject({ kind: 'dangling-ref' });
    expect(failure(() => locateRef({ $ref: '../shared/header.json#/data/nope' }, 'pages/home.json', get))).toBeInstanceOf(ContentError);
    expect(failure(() => locateRef({ $ref: '../shared/loop-a.json' }, 'pages/home.json', get))).toMatchObject({ kind: 'cyclic-ref' });
    expect(failure(() => locateRef({ $ref: '../../../outside.json' }, 'pages/home.json', get))).toMatchObject({ kind: 'out-of-root' });
    const deep: Record<string, unknown> = {};
    for (let n = 0; n <= MAX_REF_DEPTH + 1; n += 1) deep[`shared/d${n}.json`] = { $ref: `d${n + 1}.json` };
    deep[`shared/d${MAX_REF_DEPTH + 2}.json`] = 'end';
    expect(failure(() => locateRef({ $ref: '../shared/d0.json' }, 'pages/home.json', (file) => deep[file]))).toMatchObject({ kind: 'limit' });
    expect(RESOLVER_DEPTH).toBe(MAX_REF_DEPTH);
  });
});

describe('the editor’s followRefs', () => {
  it('is the engine’s follower over the unsaved documents, undefined where broken', () => {
    const docs = docsFromPayload({ docs: Object.entries(files).map(([file, data]) => ({ file, kind: 'shared' as const, saveSlug: file.slice(0, -5), data, version: 'v' })) });
    expect(followRefs({ $ref: '../shared/alias.json' }, 'pages/home.json', docs)).toMatchObject({ file: 'shared/header.json' });
    expect(followRefs({ $ref: '../shared/loop-a.json' }, 'pages/home.json', docs)).toBeUndefined();
    expect(followRefs({ $ref: '../shared/none.json' }, 'pages/home.json', docs)).toBeUndefined();
  });
});
