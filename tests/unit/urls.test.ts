/**
 * The link and image URL allowlists (item 7 of the security issue): a script
 * URL in a CTA or menu href was saved and rendered into visitor pages.
 */
import { describe, expect, it } from 'vitest';
import { CtaSchema, ImageSelectionSchema, imageUrl, link, MAX_URL_LENGTH, MenuItemSchema } from '../../src/engine/schema/primitives';
import { CREDENTIALS_RULE, IMAGE_HTTP_RULE, IMAGE_URL_RULE, imageUrlProblem, LINK_RULE, linkProblem } from '../../src/engine/schema/urls';
import { collectionSchemas } from '../../src/engine/schema/collections';
import { sectionRegistry } from '../../src/sections/registry';

const ACCEPTED_LINKS = [
  'https://ok.example/x',
  'HTTPS://OK.EXAMPLE/x?q=1#a',
  'http://ok.example',
  'https://bücher.example/über',
  '/about/',
  '/',
  '/#home-topics',
  '/javascript:alert(1)', // a path on this site, not a scheme
  '#top',
  '?page=2',
  'mailto:a@b.c',
  'MAILTO:a@b.c?subject=Hi',
  'tel:+1-555',
];

const REFUSED_LINKS = [
  'javascript:alert(document.domain)',
  'JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  '\x01javascript:alert(1)',
  ' javascript:alert(1)',
  'javascript:alert(1) ',
  '\u200bjavascript:alert(1)', // zero-width space
  '\u00a0https://ok.example/', // no-break space
  'javascript&colon;alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'ftp://ok.example/',
  '//evil.com',
  '///evil.com',
  '/\\evil.com',
  '\\\\evil.com',
  '/a/..//evil.com', // resolves to the path //evil.com
  '/\\site.invalid/about', // names the very host the check reads against
  '/\t/site.invalid/about',
  'https:/evil.com',
  'https:evil.com',
  'http://',
  'about/',
  '../secret',
  'evil.com',
  'mailto:',
  'tel:',
  '',
];

describe('link()', () => {
  it.each(ACCEPTED_LINKS)('accepts %j', (value) => {
    expect(linkProblem(value)).toBeUndefined();
    expect(link().safeParse(value).success).toBe(true);
  });

  it.each(REFUSED_LINKS)('refuses %j', (value) => {
    expect(linkProblem(value)).toBeDefined();
    expect(link().safeParse(value).success).toBe(false);
  });

  it('explains what a link may start with', () => {
    expect(link().safeParse('javascript:alert(1)').error!.issues[0]!.message).toBe(LINK_RULE);
    expect(LINK_RULE).toBe('Links must start with https://, http://, mailto:, tel:, / or #');
    expect(linkProblem('java\tscript:x')).toMatch(/may not contain spaces, invisible characters or backslashes/);
    expect(linkProblem('')).toBe('Required');
    // A value that starts with / is told why it is no page of this site, not that it must start with /.
    expect(linkProblem('//evil.com')).toMatch(/^Links to a page of this site start with one \//);
    // One that starts with a single / and is refused for another reason gets the rule, not that.
    expect(linkProblem('/a/..//evil.com')).toBe(LINK_RULE);
  });
});

describe('imageUrl()', () => {
  it.each(['https://img.example/a.png', 'HTTPS://IMG.EXAMPLE/a.png', '/assets/images/a.webp'])('accepts %j', (value) => {
    expect(imageUrlProblem(value)).toBeUndefined();
    expect(imageUrl().safeParse(value).success).toBe(true);
  });

  it.each(['data:image/svg+xml,<svg onload=alert(1)>', 'javascript:alert(1)', '//evil.com/a.png', '/\\evil.com/a.png', '#top', '?x', 'mailto:a@b.c', 'a.png', ' /a.png', ''])(
    'refuses %j',
    (value) => {
      expect(imageUrlProblem(value)).toBeDefined();
      expect(imageUrl().safeParse(value).success).toBe(false);
    },
  );

  it('explains what an image URL may start with', () => {
    expect(imageUrlProblem('data:image/png;base64,AA')).toBe(IMAGE_URL_RULE);
    expect(IMAGE_URL_RULE).toBe('Image URLs must start with https:// or /');
  });

  // A visitor's browser blocks or flags an http:// image on the https:// site (mixed content).
  it.each(['http://img.example/a.png', 'HTTP://img.example/a.png'])('refuses the plain http:// image %j, saying why and what to do', (value) => {
    expect(imageUrlProblem(value)).toBe(IMAGE_HTTP_RULE);
    expect(imageUrl().safeParse(value).error!.issues.map((issue) => issue.message)).toEqual([IMAGE_HTTP_RULE]);
  });
});

describe('a user name or password in an address', () => {
  it.each(['https://user:pass@img.example/x.png', 'https://user@img.example/x.png', 'https://:pass@img.example/x.png', 'http://user:pass@img.example/x.png'])(
    'is refused in an image URL: %j',
    (value) => {
      expect(imageUrlProblem(value)).toBe(CREDENTIALS_RULE);
      expect(ImageSelectionSchema.safeParse({ url: value, alt: 'x' }).error!.issues).toMatchObject([{ path: ['url'], message: CREDENTIALS_RULE }]);
    },
  );

  it.each(['https://user:pass@site.example/', 'http://admin@site.example/login'])('is refused in a link: %j', (value) => {
    expect(linkProblem(value)).toBe(CREDENTIALS_RULE);
    expect(CtaSchema.safeParse({ id: 'c', label: 'Go', href: value, variant: 'primary' }).error!.issues).toMatchObject([{ path: ['href'], message: CREDENTIALS_RULE }]);
  });

  it('is named in plain words; an @ elsewhere is no user name', () => {
    expect(CREDENTIALS_RULE).toMatch(/^Addresses may not contain a user name or password/);
    expect(linkProblem('mailto:a@b.example')).toBeUndefined();
    expect(linkProblem('https://site.example/@team')).toBeUndefined();
    expect(imageUrlProblem('https://img.example/a@2x.png')).toBeUndefined();
  });
});

describe('the length of an address', () => {
  it('is at most MAX_URL_LENGTH characters, in links and image URLs alike', () => {
    const long = `https://img.example/${'a'.repeat(MAX_URL_LENGTH)}.png`;
    expect(link().safeParse(`https://site.example/${'a'.repeat(MAX_URL_LENGTH - 21)}`).success).toBe(true);
    expect(link().safeParse(long).error!.issues.map((issue) => issue.message)).toEqual(['Use at most 2,048 characters']);
    expect(imageUrl().safeParse(long).error!.issues.map((issue) => issue.message)).toEqual(['Use at most 2,048 characters']);
  });
});

describe('every link and image field uses the allowlists', () => {
  const bad = 'javascript:alert(1)';
  const cta = { id: 'c', label: 'Go', href: bad, variant: 'primary' };

  it('in the shared shapes', () => {
    expect(CtaSchema.safeParse(cta).error!.issues[0]!.path).toEqual(['href']);
    expect(MenuItemSchema.safeParse({ label: 'x', href: bad }).success).toBe(false);
    expect(ImageSelectionSchema.safeParse({ url: bad, alt: 'x' }).success).toBe(false);
  });

  it('in the header logo link and announcement strip', () => {
    const header = sectionRegistry.get('header')!.schema;
    const data = { logoText: 'A', menu: [] };
    expect(header.safeParse({ ...data, logoHref: bad }).success).toBe(false);
    expect(header.safeParse({ ...data, announcement: { text: 't', href: bad } }).success).toBe(false);
    expect(header.safeParse(data).success).toBe(true);
  });

  it('in post covers', () => {
    const post = { title: 't', excerpt: 'e', date: '2026-01-01', author: 'a', tags: [], body: 'b' };
    expect(collectionSchemas.posts.safeParse(post).success).toBe(true);
    expect(collectionSchemas.posts.safeParse({ ...post, cover: { url: 'data:image/png;base64,AA', alt: 'x' } }).success).toBe(false);
  });

  it('leaves no href or url string field unchecked', () => {
    // A field declared a link or image URL carries one of the two allowlists (primitives.ts); an href or url field must be one.
    const unchecked: string[] = [];
    const checked: string[] = [];
    const visit = (schema: unknown, path: string) => {
      const json = schema as { type?: string; kind?: string; properties?: Record<string, unknown>; items?: unknown; anyOf?: unknown[] };
      if (json.kind === 'link' || json.kind === 'image-url') checked.push(path);
      else if (json.type === 'string' && /\.(href|url|logoHref)$/.test(path)) unchecked.push(path);
      for (const [key, child] of Object.entries(json.properties ?? {})) visit(child, `${path}.${key}`);
      if (json.items) visit(json.items, `${path}[]`);
      for (const option of json.anyOf ?? []) visit(option, path);
    };
    for (const [type, definition] of sectionRegistry) visit(definition.schema.toJSONSchema({ io: 'input', unrepresentable: 'any' }), type);
    for (const [name, schema] of Object.entries(collectionSchemas)) visit(schema.toJSONSchema({ io: 'input', unrepresentable: 'any' }), name);
    expect(unchecked).toEqual([]);
    expect(checked).toEqual(expect.arrayContaining(['header.logoHref', 'header.announcement.href', 'header.menu[].href', 'hero.image.url', 'posts.cover.url']));
  });
});
