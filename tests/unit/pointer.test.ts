import { describe, expect, it } from 'vitest';
import { OutOfRootError, parsePointer, parseRef, pointerFromPath, RefSyntaxError } from '../../src/engine/pointer';

describe('JSON pointers (RFC 6901)', () => {
  it('treats the empty pointer as the whole document', () => {
    expect(parsePointer('')).toEqual([]);
  });

  it('unescapes ~1 before ~0', () => {
    expect(parsePointer('/a~1b/m~0n/~01')).toEqual(['a/b', 'm~n', '~1']);
  });

  it('keeps empty tokens (the key "")', () => {
    expect(parsePointer('/')).toEqual(['']);
  });

  it('rejects pointers without a leading slash and bad escapes', () => {
    expect(() => parsePointer('a/b')).toThrow(RefSyntaxError);
    expect(() => parsePointer('/a~2')).toThrow(/escape/);
    expect(() => parsePointer('/a~')).toThrow(/escape/);
  });

  it('round-trips paths through pointerFromPath', () => {
    expect(parsePointer(pointerFromPath(['a/b', 'c~d', 0]))).toEqual(['a/b', 'c~d', '0']);
  });
});

describe('$ref strings', () => {
  it('resolves the path relative to the referring file', () => {
    expect(parseRef('../shared/header.json', 'pages/home.json')).toEqual({ file: 'shared/header.json', tokens: [], pointer: '' });
    expect(parseRef('../../shared/a.json#/x', 'pages/docs/intro.json').file).toBe('shared/a.json');
    expect(parseRef('site.json#/name', 'shared/header.json').file).toBe('shared/site.json');
  });

  it('uses the same document when the path is empty', () => {
    expect(parseRef('#/data/menu', 'shared/header.json')).toMatchObject({ file: 'shared/header.json', tokens: ['data', 'menu'] });
  });

  it('percent-decodes the fragment before unescaping', () => {
    expect(parseRef('a.json#/with%20space/a~1b', 'x.json').tokens).toEqual(['with space', 'a/b']);
    expect(() => parseRef('a.json#/%E0%A4%A', 'x.json')).toThrow(/percent/);
  });

  it('refuses paths that leave the data folder', () => {
    expect(() => parseRef('../../secrets.json', 'pages/home.json')).toThrow(OutOfRootError);
    expect(() => parseRef('../../../etc/passwd.json', 'pages/docs/a.json')).toThrow(OutOfRootError);
  });

  it('refuses absolute paths, URLs, other extensions and odd characters', () => {
    for (const ref of ['/etc/passwd.json', 'https://evil.test/a.json', 'file:///a.json', 'a.txt', 'a.json.bak', 'a\\b.json', 'a%2e.json', 'a\0.json', 'C:/a.json']) {
      expect(() => parseRef(ref, 'pages/home.json'), ref).toThrow(RefSyntaxError);
    }
  });
});
