/** Who may write what (canWrite), where sign-in may lead (safeNextPath), and how clients are told apart. */
import { describe, expect, it } from 'vitest';
import { safeNextPath, signInLocation } from '../../src/server/auth/next-path';
import { addressKey, clientAddressOf, isHttpsRequest } from '../../src/server/auth/request-facts';
import { canWrite } from '../../src/server/auth/roles';

describe('canWrite', () => {
  it('lets an editor write pages, collection entries and images only', () => {
    for (const file of ['pages/about.json', 'pages/docs/intro.json', 'pages/posts/[slug].json', 'collections/posts/hello.json', 'assets/images/logo.png']) {
      expect(canWrite('editor', file), file).toBe(true);
    }
    for (const file of ['shared/header.json', 'shared/site.json', 'redirects.json', 'pages', 'pages/', 'assets/fonts/x.woff', 'assets/images', 'settings.json', 'pagesx/a.json']) {
      expect(canWrite('editor', file), file).toBe(false);
    }
  });

  it('lets an admin write anything in the store', () => {
    for (const file of ['shared/header.json', 'redirects.json', 'pages/about.json', 'anything/else.json']) expect(canWrite('admin', file), file).toBe(true);
  });

  it('lets no one write a path that climbs or is not plain', () => {
    for (const file of ['pages/../shared/header.json', 'pages/./a.json', 'pages//a.json', '/pages/a.json', 'pages\\a.json', '']) {
      expect(canWrite('editor', file), file).toBe(false);
      expect(canWrite('admin', file), file).toBe(false);
    }
  });

  it('knows no other role', () => {
    expect(canWrite('owner' as 'admin', 'pages/about.json')).toBe(false);
  });
});

describe('safeNextPath', () => {
  it('keeps editor paths', () => {
    expect(safeNextPath('/editor')).toBe('/editor');
    expect(safeNextPath('/editor/home')).toBe('/editor/home');
    expect(safeNextPath('/editor/posts/hello%20world')).toBe('/editor/posts/hello%20world');
    expect(safeNextPath('/editor/a/../b')).toBe('/editor/b');
  });

  it('sends anything else to /editor', () => {
    for (const next of [
      null,
      '',
      'https://evil.example/editor',
      '//evil.example/editor',
      '/\\evil.example/editor',
      '\\\\evil.example',
      '/editor\\..\\api',
      'javascript:alert(1)',
      ' /editor/home',
      '/editor/\thome',
      '/\n/evil.example',
      '/',
      '/editorial',
      '/api/editor/state',
      '/editor/../api/auth/users',
      '/editor/%2e%2e/api/auth/users',
      '/editor/%2E%2E%2Fapi',
      '/editor/sign-in',
      '/editor/%73ign-in',
      '/editor/home%00',
      `/editor/${'a'.repeat(3000)}`,
      // Dot segments that leave `//editor/x` behind: sent back as a Location, that is the host `editor`.
      '/a/..//editor/x',
      '/editor/..//editor/home',
      '/a/%2e%2e//editor/x',
    ]) {
      expect(safeNextPath(next), String(next)).toBe('/editor');
    }
  });

  it('builds the sign-in address that leads back', () => {
    expect(signInLocation('/editor/home')).toBe('/editor/sign-in?next=%2Feditor%2Fhome');
    expect(signInLocation('/editor')).toBe('/editor/sign-in');
  });
});

describe('client facts', () => {
  const context = (headers: Record<string, string>, socket = '10.0.0.2', url = 'http://example.com/x') => ({
    request: new Request(url, { headers }),
    clientAddress: socket,
  });

  it('ignore forwarded headers unless the proxy is trusted, and then take the value the proxy wrote', () => {
    const forwarded = context({ 'x-forwarded-for': '1.2.3.4, 203.0.113.9', 'x-forwarded-proto': 'http, https' });
    expect(clientAddressOf(forwarded, false)).toBe('10.0.0.2');
    expect(clientAddressOf(forwarded, true)).toBe('203.0.113.9');
    expect(isHttpsRequest(forwarded.request, false)).toBe(false);
    expect(isHttpsRequest(forwarded.request, true)).toBe(true);
    expect(clientAddressOf(context({ 'x-forwarded-for': 'not-an-ip' }), true)).toBe('10.0.0.2');
    expect(isHttpsRequest(context({}, '10.0.0.2', 'https://example.com/').request, false)).toBe(true);
  });

  it('read IPv4 clients of a dual-stack socket as IPv4', () => {
    expect(clientAddressOf(context({}, '::ffff:203.0.113.9'), false)).toBe('203.0.113.9');
  });

  it('count IPv6 clients by their /64', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:0db8:0001:0002::/64');
    expect(addressKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:0db8:0001:0002::/64');
    expect(addressKey('::1')).toBe('0000:0000:0000:0000::/64');
    expect(addressKey('2001:db8::')).toBe('2001:0db8:0000:0000::/64');
  });
});
