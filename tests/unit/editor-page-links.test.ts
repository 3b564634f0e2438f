/** Links to a page's or an entry's address, and addresses no second page or entry may take (a UX review found both silent). */
import { describe, expect, it } from 'vitest';
import { docName, linkReferrersOf, renameProblem } from '../../src/editor/lib/content-ops';
import { addressTakenProblem } from '../../src/editor/lib/entries';
import { docsFromPayload } from '../../src/editor/lib/model';
import { addressOf, linksTo, linksToHiddenNote, newLinksToHidden, placeOf } from '../../src/editor/lib/page-links';
import { markdownReader as markdown } from '../../src/editor/lib/rich-text/markdown-reader';

const docs = docsFromPayload({
  docs: [
    { file: 'pages/home.json', kind: 'page', saveSlug: 'home', version: 'vh', data: { id: 'home', slug: 'home', meta: { title: 'Home' }, sections: [{ $ref: '../shared/header.json' }, { id: 'cta', type: 'cta-banner', data: { ctas: [{ label: 'See prices', href: '/pricing/#plans' }] } }] } },
    { file: 'pages/pricing.json', kind: 'page', saveSlug: 'pricing', version: 'vp', data: { id: 'pricing', slug: 'pricing', meta: { title: 'Pricing' }, sections: [] } },
    { file: 'pages/pricing-faq.json', kind: 'page', saveSlug: 'pricing-faq', version: 'vf', data: { id: 'pricing-faq', slug: 'pricing-faq', meta: { title: 'FAQ' }, sections: [{ id: 'b', type: 'content-block', data: { body: 'Read [the prices](/pricing) or [the post](</posts/hello/> "Hello").' } }] } },
    { file: 'pages/posts/[slug].json', kind: 'page', saveSlug: 'posts/[slug]', version: 'vt', data: { id: 'post', slug: 'posts/[slug]', template: { collection: 'posts' }, meta: {}, sections: [] } },
    { file: 'shared/header.json', kind: 'shared', saveSlug: 'shared/header', version: 'vs', data: { id: 'site-header', type: 'header', data: { menu: [{ label: 'Pricing', href: '/pricing' }, { label: 'Pricing FAQ', href: '/pricing-faq/' }, { label: 'Elsewhere', href: 'https://example.com/pricing/' }] } } },
    { file: 'collections/posts/hello.json', kind: 'entry', saveSlug: 'posts/hello', version: 'vo', data: { title: 'Hello', tags: [] } },
    { file: 'collections/tags/news.json', kind: 'entry', saveSlug: 'tags/news', version: 'vn', data: { name: 'News' } },
  ],
});

describe('links to an address', () => {
  it('knows where a page or an entry is visited, and that a template, a tag without a template or a shared document has no address', () => {
    expect(addressOf(docs, 'pages/home.json')).toBe('/');
    expect(addressOf(docs, 'pages/pricing.json')).toBe('/pricing');
    expect(addressOf(docs, 'collections/posts/hello.json')).toBe('/posts/hello');
    for (const file of ['pages/posts/[slug].json', 'collections/tags/news.json', 'shared/header.json']) expect(addressOf(docs, file), file).toBeUndefined();
  });

  it('finds menu items, buttons and Markdown links to it, whatever the trailing slash or fragment, and not another site or a longer path', () => {
    expect(linksTo(docs, 'pages/pricing.json', markdown)).toEqual([
      { file: 'pages/home.json', pointers: ['/sections/1/data/ctas/0/href'] },
      { file: 'pages/pricing-faq.json', pointers: ['/sections/0/data/body'] },
      { file: 'shared/header.json', pointers: ['/data/menu/0/href'] },
    ]);
    expect(linksTo(docs, 'collections/posts/hello.json', markdown)).toEqual([{ file: 'pages/pricing-faq.json', pointers: ['/sections/0/data/body'] }]);
    expect(linksTo(docs, 'shared/header.json', markdown)).toEqual([]);
  });

  it('reads Markdown links with the site’s parser: not in code, nor in a plain-text field, and not at all until the reader has loaded', () => {
    const text = (body: string, title = 'Prices') => docsFromPayload({ docs: [...Object.values(docs), { file: 'pages/notes.json', kind: 'page', saveSlug: 'notes', version: 'vx', data: { id: 'notes', slug: 'notes', meta: { title: 'Notes' }, sections: [{ id: 'n', type: 'content-block', data: { title, body } }] } }] });
    const fromNotes = (withDocs: typeof docs, reader: typeof markdown | undefined = markdown) => linksTo(withDocs, 'pages/pricing.json', reader).filter((link) => link.file === 'pages/notes.json');
    expect(fromNotes(text('Use `[x](/pricing)` in code, or \\[x](/pricing).'))).toEqual([]);
    expect(fromNotes(text('Read [the prices][p].\n\n[p]: /pricing/#plans'))).toEqual([{ file: 'pages/notes.json', pointers: ['/sections/0/data/body'] }]);
    // A heading that reads like a link is plain text on the page.
    expect(fromNotes(text('Plain.', '[x](/pricing)'))).toEqual([]);
    expect(linksTo(text('Read [the prices](/pricing).'), 'pages/pricing.json').filter((link) => link.file === 'pages/notes.json')).toEqual([]);
  });

  it('names a new link inside a text to a draft in the save’s note, once the reader has loaded', () => {
    const draft = docsFromPayload({ docs: [...Object.values(docs).filter((doc) => doc.file !== 'pages/pricing.json'), { file: 'pages/pricing.json', kind: 'page', saveSlug: 'pricing', version: 'vp', data: { id: 'pricing', slug: 'pricing', status: 'draft', meta: { title: 'Pricing' }, sections: [] } }] });
    const before = draft['pages/pricing-faq.json']!.data as { sections: { data: Record<string, unknown> }[] };
    const after = { ...before, sections: [{ ...before.sections[0]!, data: { body: 'Only [the prices](/pricing/).' } }] };
    const was = { ...before, sections: [{ ...before.sections[0]!, data: { body: 'Nothing yet.' } }] };
    expect(newLinksToHidden(draft, 'pages/pricing-faq.json', after, was, new Date(), markdown).map((target) => target.path)).toEqual(['/pricing']);
    expect(newLinksToHidden(draft, 'pages/pricing-faq.json', after, was, new Date())).toEqual([]);
  });

  it('names them for the delete dialog, by document and place, never by a raw pointer', () => {
    expect(linkReferrersOf(docs, { type: 'doc', file: 'pages/pricing.json' }, markdown).map((link) => `${link.name} in ${link.pointers.map((pointer) => placeOf(docs, link.file, pointer))}`)).toEqual([
      'Page “FAQ” (/pricing-faq/) in section 1',
      'Page “Home” (/) in section 2',
      // The field as its form labels it, not its key (“menu”, “logoHref”).
      'Shared header in “Menu”',
    ]);
    expect(placeOf(docs, 'collections/posts/hello.json', '/tags/0')).toBe('“Tags”');
    expect(linkReferrersOf(docs, { type: 'image', url: '/assets/images/a.png' })).toEqual([]);
  });

  it('says, for a page visitors do not get yet, which links lead to it', () => {
    expect(linksToHiddenNote(docs, 'pages/pricing.json', (file) => docName(docs, file), markdown)).toBe(
      '3 links from Page “Home” (/), Page “FAQ” (/pricing-faq/), and Shared header lead here: visitors who follow them get “page not found” until it is published.',
    );
    expect(linksToHiddenNote(docs, 'collections/posts/hello.json', (file) => file, markdown)).toMatch(/^A link from pages\/pricing-faq.json leads here: visitors who follow it/);
    expect(linksToHiddenNote(docs, 'pages/home.json', (file) => file)).toBeUndefined();
  });
});

describe('an address has one owner', () => {
  it('refuses a new page at an entry page’s address, which would hide the post from visitors, and at a page’s', () => {
    expect(addressTakenProblem(docs, 'posts/hello')).toBe('/posts/hello/ is the address of the post “Hello”: a page there would hide it.');
    expect(addressTakenProblem(docs, 'pricing')).toBe('A page already has the address /pricing/.');
    // The home page is at /, not at /home/, which it was once said to have.
    expect(addressTakenProblem(docs, 'home')).toBe('“home” is the home page’s own name (its address is /): choose another address.');
    expect(addressTakenProblem(docs, 'posts')).toBeNull();
    // Tags have no template here, so no page: their slugs take no address.
    expect(addressTakenProblem(docs, 'tags/news')).toBeNull();
  });

  it('refuses renaming a page onto an entry page, or a post onto a page', () => {
    expect(renameProblem(docs, { type: 'doc', file: 'pages/pricing.json' }, 'posts/hello')).toMatch(/address of the post “Hello”/);
    const withPage = docsFromPayload({ docs: [...Object.values(docs).map(({ savedJson: _saved, ...doc }) => doc), { file: 'pages/posts/special.json', kind: 'page', saveSlug: 'posts/special', version: 'vx', data: { id: 'special', slug: 'posts/special', meta: { title: 'Special' }, sections: [] } }] });
    expect(renameProblem(withPage, { type: 'doc', file: 'collections/posts/hello.json' }, 'special')).toBe('A page already has the address /posts/special/: the post would have no page of its own.');
    expect(renameProblem(withPage, { type: 'doc', file: 'collections/posts/hello.json' }, 'fresh')).toBeNull();
  });
});
