/** A key an object of a JSON text has twice (src/engine/repeated-keys.ts): JSON.parse drops one without a word. */
import { describe, expect, it } from 'vitest';
import { repeatedKey, repeatedKeyReason } from '../../src/engine/repeated-keys';

describe('repeatedKey', () => {
  it('finds the first key an object repeats, and where the object is', () => {
    expect(repeatedKey('{"a":1,"a":2}')).toEqual({ key: 'a', pointer: '' });
    expect(repeatedKey('{"a":1,"b":{"c":1,"c":2}}')).toEqual({ key: 'c', pointer: '/b' });
    expect(repeatedKey('{"changes":[{"op":"delete","op":"put"}]}')).toEqual({ key: 'op', pointer: '/changes/0' });
    expect(repeatedKey('{"a/b":{"x":1,"x":1}}')).toEqual({ key: 'x', pointer: '/a~1b' });
  });

  it('takes the same key in different objects, and at different depths, for what it is', () => {
    expect(repeatedKey('{"a":[{"x":1},{"x":2}],"x":{"x":{"x":3}}}')).toBeUndefined();
    expect(repeatedKey('[]')).toBeUndefined();
  });

  it('says why in words, the key cut short when long', () => {
    expect(repeatedKeyReason({ key: 'op', pointer: '/changes/0' })).toBe('has the key "op" twice in one object (at /changes/0): which of its values is meant cannot be known');
    expect(repeatedKeyReason({ key: 'k'.repeat(100), pointer: '' })).toContain(`"${'k'.repeat(60)}…"`);
  });
});
