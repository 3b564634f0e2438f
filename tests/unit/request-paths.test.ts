/**
 * The one spelling of a request path every layer reads alike (server/requests.mjs). A hostile
 * review found our normalisation and the URL parser Astro's router and Vite use disagreeing on
 * `//..`: `/api/public-page//../pricing` was `/api/pricing` to the guards and the page API to the
 * router, which answered it with a draft page from the build's content.
 */
import { describe, expect, it } from 'vitest';
import { normalisedPath, redirectedToSingleSlashes, singleSlashTarget } from '../../server/requests.mjs';

describe('normalisedPath', () => {
  it('decodes once, drops empty segments, reads backslashes as separators and drops the trailing slash', () => {
    expect(normalisedPath('/assets//images/x%2Esvg?v=1')).toBe('/assets/images/x.svg');
    expect(normalisedPath('/a\\b/')).toBe('/a/b');
    expect(normalisedPath('/')).toBe('/');
    expect(normalisedPath('/.well-known/x')).toBe('/.well-known/x');
  });

  it('refuses dot segments, plain or encoded, which the URL parser resolves otherwise after an empty segment', () => {
    for (const url of ['/api/public-page//../pricing', '/api/public-page/%2e%2e/x', '/a/./b', '/a/%2E/b', '/..', '/a/..\\b', '/@fs/srv/src/data//../x.json?raw']) {
      expect(normalisedPath(url), url).toBeUndefined();
    }
    // The disagreement itself: `..` takes away the empty segment, not `public-page`.
    expect(new URL('/api/public-page//../pricing', 'http://x').pathname).toBe('/api/public-page/pricing');
  });

  it('refuses what cannot be decoded, NULs and encoded separators', () => {
    for (const url of ['/%zz', '/a%00b', '/api/auth/users/x%2F..%2Flist-assets', '/a%5cb']) expect(normalisedPath(url), url).toBeUndefined();
  });
});

describe('singleSlashTarget', () => {
  it('respells doubled slashes and backslashes, keeping the query', () => {
    expect(singleSlashTarget('/editor//sign-in')).toBe('/editor/sign-in');
    expect(singleSlashTarget('/about//?a=b//c')).toBe('/about/?a=b//c');
    expect(singleSlashTarget('/a\\b')).toBe('/a/b');
  });

  it('never names another host: a target that starts with // becomes a path on this one', () => {
    expect(singleSlashTarget('//evil.example/x')).toBe('/evil.example/x');
    expect(singleSlashTarget('/\\evil.example/x')).toBe('/evil.example/x');
  });

  it('leaves single-slash paths, and targets that are not paths, alone', () => {
    for (const url of ['/', '/about/', '/a/b?next=//x', 'http://host//x', '*']) expect(singleSlashTarget(url), url).toBeUndefined();
  });
});

describe('the permanent redirects of the servers', () => {
  it('are all sent one way: a doubled-slash read gets the same headers as a moved page (one hour, no body)', () => {
    const sent: { status?: number; headers?: Record<string, string>; ended?: boolean } = {};
    const response = { writeHead: (status: number, headers: Record<string, string>) => Object.assign(sent, { status, headers }), end: () => (sent.ended = true) };
    const read = { url: '/about//team/?x=1', method: 'GET', headers: {} };
    expect(redirectedToSingleSlashes(read as never, response as never)).toBe(true);
    expect(sent).toEqual({ status: 301, headers: { Location: '/about/team/?x=1', 'Cache-Control': 'public, max-age=3600', 'Content-Length': '0' }, ended: true });
    expect(redirectedToSingleSlashes({ ...read, url: '/about/team/' } as never, response as never)).toBe(false);
  });

  it('send a doubled-slash read straight to where the single-slash address would send it, query kept', () => {
    const sent: { headers?: Record<string, string> } = {};
    const response = { writeHead: (_status: number, headers: Record<string, string>) => Object.assign(sent, { headers }), end: () => undefined };
    redirectedToSingleSlashes({ url: '//about?utm=a%20b', method: 'HEAD', headers: {} } as never, response as never, () => '/about/');
    expect(sent.headers?.Location).toBe('/about/?utm=a%20b');
    redirectedToSingleSlashes({ url: '//feed.xml', method: 'GET', headers: {} } as never, response as never, () => undefined);
    expect(sent.headers?.Location).toBe('/feed.xml');
  });
});
