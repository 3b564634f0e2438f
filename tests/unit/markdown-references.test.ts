/** Links to uploaded images inside Markdown fields are references: found by the schemas and the site's parser, rewritten in place. */
import MarkdownIt, { type MarkdownIt as MarkdownItInstance } from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { markdownPointers } from '../../src/engine/markdown-fields';
import { markdownLinks } from '../../src/engine/markdown-links';
import { imageReferences, relativeImageName, urlReferrers, withImagesMoved } from '../../src/engine/references';
import { siteMarkdown as markdown } from '../../src/engine/site-markdown';
import { snapshotFromEntries, type ContentSnapshot } from '../../src/engine/snapshot';
import type { Change } from '../../src/server/store/changeset';
import { planChangeset } from '../../src/server/store/plan';
import { referrersOf } from '../../src/editor/lib/content-ops';
import { docsFromPayload } from '../../src/editor/lib/model';
import { renamePlan } from '../../src/editor/lib/rename-plan';
import { markdownReader } from '../../src/editor/lib/rich-text/markdown-reader';
import { validatePlan } from '../../src/server/store/validate';

const links = markdownLinks(MarkdownIt);
const block = (body: string) => ({ id: 'story', type: 'content-block', data: { title: '[x](/assets/images/title.png)', body } });
const page = (slug: string, sections: unknown[] = []) => ({ id: slug, slug, meta: { title: 'T', description: 'D' }, sections });
const post = (body: string) => ({ title: 'P', excerpt: 'E', date: '2026-01-01', author: 'Ann', tags: [], body });

describe('the links of a Markdown text', () => {
  it('are what the site renders as links: inline, reference-style, and image syntax, which the dialect renders as a link', () => {
    expect(links.urls('See [the plan](/assets/images/plan.png "Plan") and ![photo](</assets/images/a b.png>).')).toEqual(['/assets/images/plan.png', '/assets/images/a%20b.png']);
    expect(links.urls('Read [the brochure][b].\n\n[b]: /assets/images/brochure.png')).toEqual(['/assets/images/brochure.png']);
  });

  it('are not the same characters in code, behind an escaped bracket, in an unused definition, or a refused address', () => {
    expect(links.urls('`[x](/assets/images/a.png)` and \\[x](/assets/images/b.png)\n\n    [x](/assets/images/c.png)\n\n[unused]: /assets/images/d.png')).toEqual([]);
    expect(links.urls('[x](javascript:alert(1)) /assets/images/e.png')).toEqual([]);
  });
});

describe('rewriting the links to a moved image', () => {
  const moved = (href: string) => (href.startsWith('/assets/images/a.png') || href.startsWith('/assets/images/%61.png') ? '/assets/images/b.png' : undefined);

  it('costs a bounded number of parses, however many links and look-alikes a text has (a hostile review: one parse per occurrence took minutes)', () => {
    let parses = 0;
    const counting = markdownLinks(class extends MarkdownIt {
      override parse(source: string, env: Parameters<MarkdownItInstance["parse"]>[1]) {
        parses += 1;
        return super.parse(source, env);
      }
    });
    const many = Array.from({ length: 3000 }, (_, index) => `[${index}](/assets/images/a.png)`).join(' ');
    // Look-alikes a `(` precedes, in code: each must stay as it is.
    const text = `${many}\n\n\`f(/assets/images/a.png)\` and \`g(/assets/images/a.png)\`\n`;
    const rewritten = counting.rewrite(text, moved);
    expect(rewritten).toBe(`${many.replaceAll('/assets/images/a.png', '/assets/images/b.png')}\n\n\`f(/assets/images/a.png)\` and \`g(/assets/images/a.png)\`\n`);
    expect(parses).toBeLessThanOrEqual(64);

    parses = 0;
    expect(counting.rewrite(`${many}\n\n${'`(/assets/images/a.png)` '.repeat(500)}`, moved)).toBeUndefined(); // too many to tell apart: refused, not half done
    expect(parses).toBeLessThanOrEqual(66);
    expect(counting.rewrite('x'.repeat(200_001) + '[a](/assets/images/a.png)', moved)).toBeUndefined();
    expect(counting.urls('x'.repeat(200_001) + '[a](/assets/images/a.png)')).toEqual([]);
    // What is asserted is the count of parses, not time: about 130 parses of large texts take more
    // than vitest's 5 s on a loaded machine (it failed so beside other test runs).
  }, 60_000);

  it('rewrites a text that links to the image in two spellings, one inside the other (`a.png` in `a.png?v=2`)', () => {
    expect(links.rewrite('[a](/assets/images/a.png?v=2) and [b](/assets/images/a.png)', moved)).toBe('[a](/assets/images/b.png?v=2) and [b](/assets/images/b.png)');
  });

  it('changes only the characters of each such link’s path, keeping query, fragment, title, brackets and every other byte', () => {
    const text = '# Photos\n\n- ![A](/assets/images/a.png?v=2#top "A, /assets/images/a.png")\n- [A again](</assets/images/a.png>)\n\n> [ref][r]\n\n[r]:  /assets/images/%61.png\n';
    expect(links.rewrite(text, moved)).toBe('# Photos\n\n- ![A](/assets/images/b.png?v=2#top "A, /assets/images/a.png")\n- [A again](</assets/images/b.png>)\n\n> [ref][r]\n\n[r]:  /assets/images/b.png\n');
  });

  it('leaves the same characters in code and plain text alone, and a text with no such link unchanged', () => {
    const text = 'Was `/assets/images/a.png`, see [it](/assets/images/a.png) (/assets/images/a.png)';
    expect(links.rewrite(text, moved)).toBe('Was `/assets/images/a.png`, see [it](/assets/images/b.png) (/assets/images/a.png)');
    expect(links.rewrite('`[it](/assets/images/a.png)` and [other](/assets/images/c.png)', moved)).toBeUndefined();
  });

  it('rewrites a Markdown field through the schemas, and a field’s whole URL as before', () => {
    const document = page('about', [block('See [the plan](/assets/images/a.png).'), { id: 'h', type: 'hero', data: { image: { url: '/assets/images/a.png?v=1' } } }]);
    expect(withImagesMoved(document, new Map([['a.png', 'b.png']]), { file: 'pages/about.json', markdown })).toMatchObject({
      sections: [{ data: { body: 'See [the plan](/assets/images/b.png).' } }, { data: { image: { url: '/assets/images/b.png?v=1' } } }],
    });
    // A path with dot segments shows the image (browsers resolve them): it is a reference, rewritten clean (a review).
    const dotted = page('about', [block('See [the plan](/x/../assets/images/a.png?v=2).')]);
    expect(imageReferences(dotted, { file: 'pages/about.json', markdown }).map(({ name }) => name)).toEqual(['a.png']);
    expect(withImagesMoved(dotted, new Map([['a.png', 'b.png']]), { file: 'pages/about.json', markdown })).toMatchObject({ sections: [{ data: { body: 'See [the plan](/assets/images/b.png?v=2).' } }] });
  });
});

describe('which fields are Markdown', () => {
  it('is what the section and collection schemas declare, in pages, shared sections and entries; never a plain text field', () => {
    const faq = { id: 'q', type: 'faq', data: { items: [{ question: 'Q', answer: 'A' }, { question: 'R', answer: 'B' }] } };
    expect([...markdownPointers('pages/about.json', page('about', [{ $ref: '../shared/header.json' }, block('B'), faq]))]).toEqual([
      '/sections/1/data/body',
      '/sections/2/data/items/0/answer',
      '/sections/2/data/items/1/answer',
    ]);
    expect([...markdownPointers('shared/story.json', block('B'))]).toEqual(['/data/body']);
    expect([...markdownPointers('collections/posts/hello.json', post('B'))]).toEqual(['/body']);
    expect([...markdownPointers('shared/site.json', { name: 'N' })]).toEqual([]);
    expect([...markdownPointers('redirects.json', { redirects: [] })]).toEqual([]);
  });

  it('makes a link in a Markdown field an image reference, at that field; plain text that reads like one is not parsed', () => {
    const document = page('about', [block('A [plan](/assets/images/plan.png) and [again](/assets/images/plan.png)')]);
    expect(imageReferences(document, { file: 'pages/about.json', markdown })).toEqual([
      { pointer: '/sections/0/data/body', url: '/assets/images/plan.png', name: 'plan.png' },
    ]);
    // Without a reader (the editor's first load), a Markdown field is read whole, as before.
    expect(imageReferences(document)).toEqual([]);
  });
});

describe('a relative link to an image in a text', () => {
  it('means the image it leads to from the site’s root, where any number of ../ ends; nothing else is one', () => {
    for (const href of ['assets/images/plan.png', './assets/images/plan.png', '../assets/images/plan.png', '../../assets/images/plan.png?v=2#x', 'assets/images/pla%6E.png']) expect(relativeImageName(href), href).toBe('plan.png');
    for (const href of ['/assets/images/plan.png', 'images/plan.png', '../intro/', 'https://example.com/assets/images/plan.png', 'mailto:a@example.com', '#top', '?q=1', '']) expect(relativeImageName(href), href).toBeUndefined();
  });

  it('is a reference to it in a Markdown field (a browser resolves it against the page, so it shows there only from some addresses), never in a plain field', () => {
    const document = page('about', [block('A [plan](../assets/images/plan.png) and [a chart](assets/images/chart.png).')]);
    expect(imageReferences(document, { file: 'pages/about.json', markdown })).toEqual([
      { pointer: '/sections/0/data/body', url: '../assets/images/plan.png', name: 'plan.png' },
      { pointer: '/sections/0/data/body', url: 'assets/images/chart.png', name: 'chart.png' },
    ]);
    expect(imageReferences({ caption: 'assets/images/plan.png' })).toEqual([]);
  });

  const site: ContentSnapshot = {
    ...snapshotFromEntries([
      ['pages/home.json', page('home')],
      ['collections/posts/hello.json', post('See [the plan](../assets/images/plan.png?v=2 "Plan").')],
    ]),
    uploadedImages: () => ['plan.png'],
  };

  it('keeps the image from being deleted, and follows a rename to its new absolute address, which leads to it from every page', () => {
    expect(urlReferrers(site, '/assets/images/plan.png', new Set(), markdown)).toEqual([{ file: 'collections/posts/hello.json', pointer: '/body' }]);
    expect(validatePlan(site, planChangeset(site, [{ op: 'delete', file: 'assets/images/plan.png', baseVersion: 'v' }])).map((issue) => issue.message)).toEqual([
      'still points at /assets/images/plan.png, which this change deletes',
    ]);
    const plan = planChangeset(site, [{ op: 'move', file: 'assets/images/plan.png', to: 'assets/images/floor-plan.png', baseVersion: 'v' }]);
    expect(plan.after.get('collections/posts/hello.json')).toEqual(post('See [the plan](/assets/images/floor-plan.png?v=2 "Plan").'));
    expect(validatePlan(site, plan)).toEqual([]);
  });
});

describe('the content store and an image used only in Markdown', () => {
  const site: ContentSnapshot = {
    ...snapshotFromEntries([
      ['pages/home.json', page('home')],
      ['pages/about.json', page('about', [block('Our [floor plan](/assets/images/plan.png).')])],
      ['collections/posts/hello.json', post('![The team](/assets/images/team.png)')],
    ]),
    uploadedImages: () => ['plan.png', 'team.png'],
  };
  const check = (changes: Change[]) => validatePlan(site, planChangeset(site, changes)).map((issue) => `${issue.file}${issue.path}: ${issue.message}`);

  it('refuses deleting it, naming the field', () => {
    expect(check([{ op: 'delete', file: 'assets/images/plan.png', baseVersion: 'v' }])).toEqual(['pages/about.json/sections/0/data/body: still points at /assets/images/plan.png, which this change deletes']);
    expect(urlReferrers(site, '/assets/images/team.png', new Set(), markdown)).toEqual([{ file: 'collections/posts/hello.json', pointer: '/body' }]);
  });

  it('rewrites the link when the image is renamed, and nothing else of the text', () => {
    const plan = planChangeset(site, [{ op: 'move', file: 'assets/images/plan.png', to: 'assets/images/floor-plan.png', baseVersion: 'v' }]);
    expect((plan.after.get('pages/about.json') as ReturnType<typeof page>).sections).toEqual([block('Our [floor plan](/assets/images/floor-plan.png).')]);
    expect(plan.rewritten).toEqual(['pages/about.json']);
    expect(validatePlan(site, plan)).toEqual([]);
  });

  it('refuses a rename that would leave a link it cannot rewrite (a new name the link cannot hold as written)', () => {
    const plan = planChangeset(site, [{ op: 'move', file: 'assets/images/plan.png', to: 'assets/images/plan (old).png', baseVersion: 'v' }]);
    expect(plan.issues).toEqual([
      { file: 'pages/about.json', path: '/sections/0/data/body', message: 'still points at /assets/images/plan.png, which this change renames: a link in this text could not be rewritten, so change it by hand first' },
    ]);
  });

  it('refuses a Markdown link to an image no one uploaded', () => {
    expect(check([{ op: 'put', file: 'collections/posts/hello.json', content: post('[Missing](/assets/images/ghost.png)'), baseVersion: 'v' }])).toEqual([
      'collections/posts/hello.json/body: no uploaded image has this address (/assets/images/ghost.png): it was deleted or renamed since, or never uploaded. Upload it again, or choose another image',
    ]);
  });
});

describe('the editor’s delete and rename dialog', () => {
  const docs = docsFromPayload({
    docs: [{ file: 'pages/about.json', kind: 'page', saveSlug: 'about', version: 'va', data: page('about', [block('Our [floor plan](/assets/images/plan.png).')]) }],
  });
  const image = { type: 'image', url: '/assets/images/plan.png', version: 'vi' } as const;

  it('names a body linking to the image, with the parser prosemirror-markdown ships, as the store does', () => {
    const about = { file: 'pages/about.json', name: 'Page “T” (/about/)', pointers: ['/sections/0/data/body'] };
    expect(referrersOf(docs, image, markdownReader)).toEqual([about]);
    expect(renamePlan(docs, image, 'floor-plan.png', () => true, markdownReader).rewritten).toEqual([about]);
    // Before the reader has loaded, a body is read whole: the dialog waits for it (ContentOpsDialog).
    expect(referrersOf(docs, image)).toEqual([]);
  });
});
