import { describe, expect, it } from 'vitest';
import { isPageAddress } from '../../src/editor/lib/image-url';

describe('an image field’s URL that is a page’s address (QA: it was taken without a word)', () => {
  it('is a site path that names no file', () => {
    for (const url of ['/about/', '/', '/posts/hello', '/about/?ref=x', '/docs/getting-started/#top']) expect(isPageAddress(url), url).toBe(true);
  });

  it('is never a file on the site, an upload, another site or a protocol-relative URL', () => {
    for (const url of ['/assets/images/hero.webp', '/favicon.svg', '/assets/images/x.png?v=2', 'https://example.com/about/', '//cdn.example.com/a', '', 'hero.png']) expect(isPageAddress(url), url).toBe(false);
  });
});
