import { describe as group, expect, it } from 'vitest';
import { deleteChanges, describeIssue, docName, lockedBecause, referrersOf, renameProblem, unlinkAndDeleteChanges } from '../../src/editor/lib/content-ops';
import { renamePlan } from '../../src/editor/lib/rename-plan';
import { markdownReader as markdown } from '../../src/editor/lib/rich-text/markdown-reader';
import { problemCount, problemFiles, problemLocation, siteCheckOf } from '../../src/editor/lib/problems';
import { linksNowhereByFile } from '../../src/editor/lib/links-nowhere-list';
import { docsFromPayload } from '../../src/editor/lib/model';
import { prefixOf } from '../../src/editor/app/op-referrers';

const docs = docsFromPayload({
  docs: [
    { file: 'pages/home.json', kind: 'page', saveSlug: 'home', version: 'vh', data: { id: 'home', slug: 'home', meta: { title: 'Home — Northwind' }, sections: [{ $ref: '../shared/header.json' }, { id: 'home-hero', type: 'hero', data: { title: { $ref: '../collections/posts/cited.json#/title' } } }] } },
    { file: 'pages/journal.json', kind: 'page', saveSlug: 'journal', version: 'vj', data: { id: 'journal', slug: 'journal', meta: { title: 'Journal' }, sections: [{ $ref: '../shared/header.json' }, { $ref: '../shared/footer.json' }] } },
    { file: 'pages/posts/[slug].json', kind: 'page', saveSlug: 'posts/[slug]', version: 'vt', data: { id: 'post', slug: 'posts/[slug]', template: { collection: 'posts' }, meta: {}, sections: [] } },
    { file: 'shared/header.json', kind: 'shared', saveSlug: 'shared/header', version: 'vs', data: { id: 'site-header', type: 'header', data: { logo: { url: '/assets/images/logo.png', alt: 'Logo' } } } },
    { file: 'shared/footer.json', kind: 'shared', saveSlug: 'shared/footer', version: 'vf', data: { id: 'site-footer', type: 'footer', data: { copyright: 1 } } },
    { file: 'collections/posts/cited.json', kind: 'entry', saveSlug: 'posts/cited', version: 'vc', data: { title: 'Cited post', tags: ['craft'] } },
    { file: 'collections/posts/other.json', kind: 'entry', saveSlug: 'posts/other', version: 'vo', data: { title: 'Other post', tags: ['craft', 'news'] } },
    { file: 'collections/tags/craft.json', kind: 'entry', saveSlug: 'tags/craft', version: 'vg', data: { name: 'Craft' } },
  ],
});

group('delete and rename: who points at what, in people’s words', () => {
  it('names documents by title, with where pages show', () => {
    expect(docName(docs, 'pages/home.json')).toBe('Page “Home” (/)');
    expect(docName(docs, 'pages/journal.json')).toBe('Page “Journal” (/journal/)');
    expect(docName(docs, 'collections/posts/cited.json')).toBe('Post “Cited post”');
    expect(docName(docs, 'shared/footer.json')).toBe('Shared footer');
  });

  it('finds $refs, image URLs and tag relations, grouped by file', () => {
    expect(referrersOf(docs, { type: 'doc', file: 'collections/posts/cited.json' })).toEqual([{ file: 'pages/home.json', name: 'Page “Home” (/)', pointers: ['/sections/1/data/title'] }]);
    expect(referrersOf(docs, { type: 'doc', file: 'shared/header.json' }).map((r) => r.name)).toEqual(['Page “Home” (/)', 'Page “Journal” (/journal/)']);
    expect(referrersOf(docs, { type: 'image', url: '/assets/images/logo.png' })).toEqual([{ file: 'shared/header.json', name: 'Shared header', pointers: ['/data/logo/url'] }]);
    expect(referrersOf(docs, { type: 'doc', file: 'collections/tags/craft.json' }).map((r) => `${r.name} ${r.pointers}`)).toEqual(['Post “Cited post” /tags/0', 'Post “Other post” /tags/0']);
    expect(referrersOf(docs, { type: 'doc', file: 'collections/posts/other.json' })).toEqual([]);
  });

  it('builds the changeset of a delete from the loaded version', () => {
    expect(deleteChanges(docs, { type: 'doc', file: 'collections/posts/other.json' })).toEqual([{ op: 'delete', file: 'collections/posts/other.json', baseVersion: 'vo' }]);
    expect(deleteChanges(docs, { type: 'image', url: '/assets/images/a.png', version: 'iv' })).toEqual([{ op: 'delete', file: 'assets/images/a.png', baseVersion: 'iv' }]);
  });

  it('a page rename moves the file and announces the redirect', () => {
    const plan = renamePlan(docs, { type: 'doc', file: 'pages/journal.json' }, 'blog');
    expect(plan.changes).toEqual([{ op: 'move', file: 'pages/journal.json', to: 'pages/blog.json', baseVersion: 'vj' }]);
    expect(plan.redirect).toEqual({ from: '/journal/', to: '/blog/' });
    expect(plan.to).toBe('blog');
  });

  it('a page or post rename points the links that lead to it at its new address, and names those inside texts that it leaves', () => {
    const header = { id: 'site-header', type: 'header', data: { menu: [{ label: 'Journal', href: '/journal/' }, { label: 'Team', href: '/journal#team' }, { label: 'Away', href: 'https://example.com/journal/' }] } };
    const story = { id: 'story', type: 'content-block', data: { body: 'Read [the journal](/journal/).' } };
    const linked = docsFromPayload({
      docs: [
        ...Object.values(docs).map(({ savedJson: _saved, ...doc }) => (doc.file === 'shared/header.json' ? { ...doc, data: header } : doc.file === 'pages/home.json' ? { ...doc, data: { ...(doc.data as object), sections: [story] } } : doc)),
        { file: 'pages/about.json', kind: 'page', saveSlug: 'about', version: 'va', data: { id: 'about', slug: 'about', meta: { title: 'About' }, sections: [{ id: 'cta', type: 'cta-banner', data: { title: 'More', ctas: [{ id: 'c', label: 'Our post', href: '/posts/cited/?ref=about' }] } }] } },
      ],
    });
    const plan = renamePlan(linked, { type: 'doc', file: 'pages/journal.json' }, 'blog', undefined, markdown);
    expect(plan.changes).toContainEqual({ op: 'put', file: 'shared/header.json', baseVersion: 'vs', content: { ...header, data: { menu: [{ label: 'Journal', href: '/blog/' }, { label: 'Team', href: '/blog#team' }, header.data.menu[2]] } } });
    expect(plan.relinked).toEqual([{ file: 'shared/header.json', name: 'Shared header', pointers: ['/data/menu/0/href', '/data/menu/1/href'] }]);
    // The link inside the home page's text stays, and the redirect keeps it working.
    expect(plan.leftLinks).toEqual([{ file: 'pages/home.json', name: 'Page “Home” (/)', pointers: ['/sections/0/data/body'] }]);
    expect(plan.redirect).toEqual({ from: '/journal/', to: '/blog/' });
    // An editor may not change the shared header: the move leaves its links, and says so (the server would refuse the whole change).
    const asEditor = renamePlan(linked, { type: 'doc', file: 'pages/journal.json' }, 'blog', (file) => !file.startsWith('shared/'), markdown);
    expect(asEditor.changes).toEqual([{ op: 'move', file: 'pages/journal.json', to: 'pages/blog.json', baseVersion: 'vj' }]);
    expect(asEditor.relinked).toEqual([]);
    expect(asEditor.leftLinks.map((link) => link.file).sort()).toEqual(['pages/home.json', 'shared/header.json']);
    // A post's links follow it too, and its old address redirects, at its template's address.
    const post = renamePlan(linked, { type: 'doc', file: 'collections/posts/cited.json' }, 'quoted');
    expect(post.changes).toContainEqual(expect.objectContaining({ op: 'put', file: 'pages/about.json' }));
    const about = post.changes.find((change) => change.op === 'put' && change.file === 'pages/about.json') as { content: { sections: { data: { ctas: { href: string }[] } }[] } };
    expect(about.content.sections[0]!.data.ctas[0]!.href).toBe('/posts/quoted/?ref=about');
    expect(post.redirect).toEqual({ from: '/posts/cited/', to: '/posts/quoted/' });
    // A tag, whose collection has no template page here, had no address to keep.
    expect(renamePlan(linked, { type: 'doc', file: 'collections/tags/craft.json' }, 'making').redirect).toBeUndefined();
  });

  it('a page or post moved keeps its own links to itself working: they go in the move, as the moved file’s content', () => {
    const selfLinking = docsFromPayload({
      docs: [
        ...Object.values(docs).map(({ savedJson: _saved, ...doc }) => doc),
        { file: 'pages/about.json', kind: 'page', saveSlug: 'about', version: 'va', data: { id: 'about', slug: 'about', meta: { title: 'About' }, sections: [{ id: 'cta', type: 'cta-banner', data: { title: 'Top', ctas: [{ id: 'c', label: 'Back to top', href: '/about/#top' }, { id: 'd', label: 'Journal', href: '/journal/' }] } }] } },
      ],
    });
    const plan = renamePlan(selfLinking, { type: 'doc', file: 'pages/about.json' }, 'company');
    const [move] = plan.changes as unknown as [{ op: 'move'; content: { slug: string; sections: { data: { ctas: { href: string }[] } }[] } }];
    expect(move).toMatchObject({ op: 'move', file: 'pages/about.json', to: 'pages/company.json', baseVersion: 'va' });
    // Only its own address changes; the server sets the slug (the file and its slug agree).
    expect(move.content.sections[0]!.data.ctas.map((cta) => cta.href)).toEqual(['/company/#top', '/journal/']);
    expect(move.content.slug).toBe('about');
    expect(plan.relinked).toEqual([{ file: 'pages/about.json', name: 'Page “About” (/about/)', pointers: ['/sections/0/data/ctas/0/href'] }]);
    // A link to itself inside its text stays, and is named with the links left behind.
    const withText = docsFromPayload({
      docs: Object.values(selfLinking).map(({ savedJson: _saved, ...doc }) =>
        doc.file === 'collections/posts/cited.json' ? { ...doc, data: { ...(doc.data as object), body: 'More in [this post](/posts/cited/#more).' } } : doc,
      ),
    });
    const post = renamePlan(withText, { type: 'doc', file: 'collections/posts/cited.json' }, 'quoted', undefined, markdown);
    expect(post.changes[0]).not.toHaveProperty('content');
    expect(post.leftLinks).toEqual([{ file: 'collections/posts/cited.json', name: 'Post “Cited post”', pointers: ['/body'] }]);
    // A text that reads like its address is no link: a label "/about" stays as typed.
    const labelled = docsFromPayload({
      docs: Object.values(selfLinking).map(({ savedJson: _saved, ...doc }) =>
        doc.file === 'pages/about.json' ? { ...doc, data: { ...(doc.data as object), sections: [{ id: 'intro', type: 'page-hero', data: { label: '/about', title: 'About' } }] } } : doc,
      ),
    });
    expect(renamePlan(labelled, { type: 'doc', file: 'pages/about.json' }, 'company').changes[0]).not.toHaveProperty('content');
    // A page with no link to itself moves as it is.
    expect(renamePlan(selfLinking, { type: 'doc', file: 'pages/journal.json' }, 'blog').changes[0]).not.toHaveProperty('content');
  });

  it('a tag rename rewrites the posts that carry it in the same changeset', () => {
    const plan = renamePlan(docs, { type: 'doc', file: 'collections/tags/craft.json' }, 'making');
    expect(plan.changes).toEqual([
      { op: 'move', file: 'collections/tags/craft.json', to: 'collections/tags/making.json', baseVersion: 'vg' },
      { op: 'put', file: 'collections/posts/cited.json', content: { title: 'Cited post', tags: ['making'] }, baseVersion: 'vc' },
      { op: 'put', file: 'collections/posts/other.json', content: { title: 'Other post', tags: ['making', 'news'] }, baseVersion: 'vo' },
    ]);
    expect(plan.to).toBe('~tags/making');
  });

  it('validates new names like the new-page dialog, and locks home and templates', () => {
    const journal = { type: 'doc', file: 'pages/journal.json' } as const;
    expect(renameProblem(docs, journal, 'journal')).toBe('Type a new name.');
    expect(renameProblem(docs, journal, 'Blog')).toMatch(/lowercase/);
    expect(renameProblem(docs, journal, 'home')).toBe('A page cannot be moved to become the home page, the 404 page or a template.');
    expect(renameProblem(docs, journal, 'posts/[slug]')).toMatch(/become the home page/);
    expect(renameProblem(docs, journal, 'guides/blog')).toBeNull();
    expect(renameProblem(docs, journal, 'editor/sign-in')).toBe('Pages cannot start with "editor/": the server keeps /api/, /editor/, /assets/ for itself.');
    expect(renameProblem(docs, { type: 'doc', file: 'collections/posts/cited.json' }, 'other')).toBe('Another post is named “other”.');
    // The reason that applies: it once said to use lowercase letters to an address of 300 of them.
    expect(renameProblem(docs, journal, 'x'.repeat(300))).toBe('An address has at most 200 characters; this one has 300. Shorten it.');
    expect(renameProblem(docs, { type: 'image', url: '/assets/images/a.png' }, 'b.jpg')).toMatch(/extension/);
    expect(renameProblem(docs, { type: 'image', url: '/assets/images/a.png' }, 'b.png', ['/assets/images/b.png'])).toMatch(/already exists/);
    // A name another image has in other capitals is refused as you type: the server refused it only once sent.
    expect(renameProblem(docs, { type: 'image', url: '/assets/images/a.png' }, 'Hero-Studio.png', ['/assets/images/a.png', '/assets/images/hero-studio.png'])).toBe(
      'An image named “hero-studio.png”, the same but for capitals, already exists: on Mac and Windows the two would be one file. Choose another name.',
    );
    expect(renameProblem(docs, { type: 'image', url: '/assets/images/a.png' }, 'hero-studio-2.png', ['/assets/images/a.png', '/assets/images/hero-studio.png'])).toBeNull();
    expect(lockedBecause(docs, { type: 'doc', file: 'pages/home.json' })).toMatch(/home page/);
    expect(lockedBecause(docs, { type: 'doc', file: 'pages/posts/[slug].json' })).toMatch(/template/);
    expect(lockedBecause(docs, journal)).toBeNull();
  });

  it('offers to remove a shared section from its pages, or a tag from its posts, and delete it in one change', () => {
    expect(unlinkAndDeleteChanges(docs, { type: 'doc', file: 'shared/footer.json' })?.changes).toEqual([
      { op: 'put', file: 'pages/journal.json', content: expect.objectContaining({ sections: [{ $ref: '../shared/header.json' }] }), baseVersion: 'vj' },
      { op: 'delete', file: 'shared/footer.json', baseVersion: 'vf' },
    ]);
    expect(unlinkAndDeleteChanges(docs, { type: 'doc', file: 'collections/tags/craft.json' })?.changes.map((change) => (change.op === 'put' ? (change.content as { tags: string[] }).tags : change.op))).toEqual([[], ['news'], 'delete']);
    // A field's `$ref` is for a person to replace: no offer.
    expect(unlinkAndDeleteChanges(docs, { type: 'doc', file: 'collections/posts/cited.json' })).toBeUndefined();
  });

  it('puts server issues in plain words', () => {
    expect(describeIssue(docs, { file: 'pages/home.json', path: '/sections/1/data/title', message: 'still points at collections/posts/cited.json' })).toBe('Page “Home” (/) (at /sections/1/data/title): still points at collections/posts/cited.json');
  });
});

group('the Problems panel', () => {
  it('lists unreadable files and broken files once each, by name', () => {
    const files = problemFiles(
      { problems: [{ file: 'pages/bad.json', message: 'Unexpected token' }], siteProblems: [{ file: 'shared/footer.json', issues: [{ path: '/data/copyright', message: 'Expected string' }], pages: ['home', 'journal'] }] },
      docs,
    );
    expect(files.map((f) => [f.name, f.unreadable])).toEqual([['Page /bad/', true], ['Shared footer', false]]);
  });

  it('says a collection refused for one unreadable post once, as that post’s problem, with the pages the collection breaks', () => {
    const files = problemFiles(
      {
        problems: [{ file: 'collections/posts/bad.json', message: 'is not valid JSON' }],
        siteProblems: [
          { file: 'collections/posts', issues: [{ path: '', message: 'collections/posts/bad.json is not valid JSON' }], pages: ['home', 'journal'] },
          { file: 'collections/posts/bad.json', issues: [{ path: '', message: 'is not valid JSON' }], pages: ['posts/bad'] },
        ],
      },
      docs,
    );
    expect(files).toEqual([{ file: 'collections/posts/bad.json', name: 'Post “bad”', issues: [{ path: '', message: 'is not valid JSON' }], pages: ['home', 'journal', 'posts/bad'], unreadable: true }]);
  });

  it('opens a page at the section and field, an entry at its field, a shared document on a page that uses it', () => {
    expect(problemLocation(docs, 'pages/home.json', '/sections/1/data/title')).toEqual({ route: 'home', section: 1, field: 'data.title' });
    expect(problemLocation(docs, 'pages/home.json', '/meta/title')).toEqual({ route: 'home', section: null, field: 'meta.title' });
    expect(problemLocation(docs, 'collections/posts/cited.json', '/tags/0')).toEqual({ route: '~posts/cited', section: null, field: 'tags.0' });
    expect(problemLocation(docs, 'shared/footer.json', '/data/copyright')).toEqual({ route: 'journal', section: 1, field: 'data.copyright' });
    expect(problemLocation(docs, 'redirects.json', '/redirects/0')).toBeUndefined();
  });

  it('lists links that lead nowhere by document, in words, apart from the problems, which they do not count among', () => {
    const linksNowhere = [
      { file: 'shared/footer.json', pointer: '/data/links/0/href', link: '/team/' },
      { file: 'shared/footer.json', pointer: '/data/links/1/href', link: '/assets/images/gone.png' },
      { file: 'pages/home.json', pointer: '/sections/1/data/body', link: '/contcat' },
      { file: 'pages/home.json', pointer: '/sections/1/data/body', link: '../assets/images/plan.png' },
    ];
    const site = siteCheckOf({ problems: [], siteProblems: [], linksNowhere });
    expect(problemCount(problemFiles(site, docs))).toBe(0);
    expect(linksNowhereByFile(site.linksNowhere, docs)).toEqual([
      {
        file: 'shared/footer.json',
        name: 'Shared footer',
        links: [
          { pointer: '/data/links/0/href', link: '/team/', sentence: 'Links to “/team/”, where there is no page.' },
          { pointer: '/data/links/1/href', link: '/assets/images/gone.png', sentence: 'Links to “/assets/images/gone.png”, an image that is not in the media library.' },
        ],
      },
      {
        file: 'pages/home.json',
        name: 'Page “Home” (/)',
        links: [
          { pointer: '/sections/1/data/body', link: '/contcat', sentence: 'Links to “/contcat”, where there is no page.' },
          {
            pointer: '/sections/1/data/body',
            link: '../assets/images/plan.png',
            sentence: 'Links to “../assets/images/plan.png”, an image written from the page’s address: visitors on most pages, and on any after a move, get “page not found”. Write /assets/images/plan.png instead (upload the image first if the media library does not have it).',
          },
        ],
      },
    ]);
    // An older server sends none.
    expect(siteCheckOf({ problems: [], siteProblems: [] }).linksNowhere).toEqual([]);
  });
});

group('the address a renamed thing’s new name follows', () => {
  it('is a post’s template page’s, a tag’s own folder without one, and the images folder for an image', () => {
    const blog = docsFromPayload({
      docs: Object.values(docs).map(({ savedJson: _saved, ...doc }) => (doc.file === 'pages/posts/[slug].json' ? { ...doc, file: 'pages/blog/[slug].json', saveSlug: 'blog/[slug]' } : doc)),
    });
    expect(prefixOf(docs, { type: 'doc', file: 'collections/posts/cited.json' })).toBe('/posts/');
    expect(prefixOf(blog, { type: 'doc', file: 'collections/posts/cited.json' })).toBe('/blog/');
    expect(prefixOf(docs, { type: 'doc', file: 'collections/tags/craft.json' })).toBe('/tags/');
    expect(prefixOf(docs, { type: 'doc', file: 'pages/journal.json' })).toBe('/');
    expect(prefixOf(docs, { type: 'doc', file: 'shared/footer.json' })).toBe('src/data/shared/');
    expect(prefixOf(docs, { type: 'image', url: '/assets/images/logo.png' })).toBe('/assets/images/');
  });
});
