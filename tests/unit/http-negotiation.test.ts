import { describe, expect, it } from 'vitest';
import { chooseEncoding, isNotModified } from '../../server/negotiation.mjs';

const BOTH = ['br', 'gzip'];

describe('chooseEncoding (Accept-Encoding, RFC 9110 §12.5.3)', () => {
  it('prefers brotli, then gzip, among equally weighted codings, whatever their order', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd', BOTH)).toBe('br');
    expect(chooseEncoding('gzip, deflate', BOTH)).toBe('gzip');
    expect(chooseEncoding('x-gzip', BOTH)).toBe('gzip');
    expect(chooseEncoding('BR', BOTH)).toBe('br');
  });

  it('follows q-values, and q=0 refuses a coding', () => {
    expect(chooseEncoding('br;q=0.5, gzip;q=0.8', BOTH)).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip', BOTH)).toBe('gzip');
    expect(chooseEncoding('br ; q=0.001, identity;q=0.5', BOTH)).toBe('identity');
    expect(chooseEncoding('gzip;q=1.0, br;q=1', BOTH)).toBe('br');
  });

  it('offers only the codings the resource has', () => {
    expect(chooseEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(chooseEncoding('br', [])).toBe('identity');
  });

  it('sends identity for a missing or empty header, and for codings it does not know', () => {
    expect(chooseEncoding(undefined, BOTH)).toBe('identity');
    expect(chooseEncoding('', BOTH)).toBe('identity');
    expect(chooseEncoding('deflate, zstd', BOTH)).toBe('identity');
  });

  it('gives unlisted codings the weight of *, identity included', () => {
    expect(chooseEncoding('*', BOTH)).toBe('br');
    expect(chooseEncoding('*;q=0.2, br;q=0', BOTH)).toBe('gzip');
    expect(chooseEncoding('gzip;q=0.5, *;q=0', ['br'])).toBeUndefined();
  });

  it('answers undefined (406) when identity is refused and nothing else is acceptable', () => {
    expect(chooseEncoding('identity;q=0', BOTH)).toBeUndefined();
    expect(chooseEncoding('*;q=0', BOTH)).toBeUndefined();
    expect(chooseEncoding('identity;q=0, br', BOTH)).toBe('br');
    expect(chooseEncoding('identity;q=0, br', ['gzip'])).toBeUndefined();
  });

  it('ignores malformed weights rather than failing', () => {
    expect(chooseEncoding('br;q=2, gzip;q=abc', BOTH)).toBe('br');
    expect(chooseEncoding(',, ;q=1, gzip', BOTH)).toBe('gzip');
  });
});

describe('isNotModified (RFC 9110 §13.1, §13.2.2)', () => {
  const etag = 'W/"1f-abc"';
  const lastModified = new Date('2026-11-20T10:00:00.750Z');

  it('matches If-None-Match by weak comparison, in lists, and *', () => {
    expect(isNotModified({ 'if-none-match': 'W/"1f-abc"' }, { etag })).toBe(true);
    expect(isNotModified({ 'if-none-match': '"1f-abc"' }, { etag })).toBe(true);
    expect(isNotModified({ 'if-none-match': '"other", W/"1f-abc"' }, { etag })).toBe(true);
    expect(isNotModified({ 'if-none-match': '"a,b", "1f-abc"' }, { etag: '"1f-abc"' })).toBe(true);
    expect(isNotModified({ 'if-none-match': '*' }, { etag })).toBe(true);
    expect(isNotModified({ 'if-none-match': '"1f-abc-br"' }, { etag })).toBe(false);
    expect(isNotModified({ 'if-none-match': '1f-abc' }, { etag })).toBe(false);
  });

  it('lets If-None-Match decide, ignoring If-Modified-Since, when both are sent', () => {
    const later = 'Sat, 21 Nov 2026 00:00:00 GMT';
    const earlier = 'Thu, 19 Nov 2026 00:00:00 GMT';
    expect(isNotModified({ 'if-none-match': '"nope"', 'if-modified-since': later }, { etag, lastModified })).toBe(false);
    expect(isNotModified({ 'if-none-match': etag, 'if-modified-since': earlier }, { etag, lastModified })).toBe(true);
  });

  it('compares If-Modified-Since at the second precision of HTTP dates', () => {
    expect(isNotModified({ 'if-modified-since': lastModified.toUTCString() }, { etag, lastModified })).toBe(true);
    expect(isNotModified({ 'if-modified-since': 'Sat, 21 Nov 2026 00:00:00 GMT' }, { etag, lastModified })).toBe(true);
    expect(isNotModified({ 'if-modified-since': 'Fri, 20 Nov 2026 09:59:59 GMT' }, { etag, lastModified })).toBe(false);
  });

  it('ignores an invalid date, a missing Last-Modified, and no validators at all', () => {
    expect(isNotModified({ 'if-modified-since': 'yesterday' }, { etag, lastModified })).toBe(false);
    expect(isNotModified({ 'if-modified-since': 'Sat, 21 Nov 2026 00:00:00 GMT' }, { etag })).toBe(false);
    expect(isNotModified({}, { etag, lastModified })).toBe(false);
  });
});
