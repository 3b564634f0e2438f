import { mkdtemp, rm, symlink, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinedPage } from '../../src/server/publish/page-bytes';
import { inlinedOffsets, inlinePageStyles, piecesOf, splicedPieces, styleElementOf, styleSplicesOf, withStylesInlined } from '../../src/server/publish/page-styles';

const FOLDERS = Symbol.for('content-site.stylesheet-folders');
const offered = globalThis as Record<symbol, unknown>;
let root: string;

const page = (head: string, body = '<main data-astro-cid-aaa>Hi</main>') => Buffer.from(`<!DOCTYPE html><html><head><title>T</title>${head}</head><body>${body}</body></html>`);
const inline = (head: string, body?: string) => inlinePageStyles(page(head, body)).toString();

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'page-styles-'));
  await mkdir(join(root, 'server'));
  await mkdir(join(root, 'client'));
  await writeFile(join(root, 'server', 'site.abc.css'), 'body{margin:0}.a[data-astro-cid-aaa]{color:red}.b[data-astro-cid-bbb]{color:blue}');
  await writeFile(join(root, 'client', 'later.css'), 'p{margin:0}');
  await writeFile(join(root, 'client', 'closing.css'), 'a::after{content:"</style><script>"}');
  await writeFile(join(root, 'client', 'imports.css'), '@import url("/fonts.css");q{margin:0}');
  await writeFile(join(root, 'secret.css'), 'secret{}');
  offered[FOLDERS] = [join(root, 'server'), join(root, 'client')];
});

afterAll(async () => {
  delete offered[FOLDERS];
  await rm(root, { recursive: true, force: true });
});

describe('inlining a page’s stylesheets', () => {
  it('puts the rules the page can use in place of the link, from the first folder that has the file', () => {
    expect(inline('<link rel="stylesheet" href="/_astro/site.abc.css">')).toBe(page('<style>body{margin:0}.a[data-astro-cid-aaa]{color:red}</style>').toString());
    expect(inline('<link rel="stylesheet" href="/_astro/later.css">')).toBe(page('<style>p{margin:0}</style>').toString());
  });

  it('makes links one right after the other one <style>, their rules in the links’ order', () => {
    expect(inline('<link rel="stylesheet" href="/_astro/site.abc.css"><link rel="stylesheet" href="/_astro/later.css">')).toBe(
      page('<style>body{margin:0}.a[data-astro-cid-aaa]{color:red}p{margin:0}</style>').toString(),
    );
    expect(inline('<link rel="stylesheet" href="/_astro/later.css"><link rel="stylesheet" href="/_astro/site.abc.css">')).toBe(
      page('<style>p{margin:0}body{margin:0}.a[data-astro-cid-aaa]{color:red}</style>').toString(),
    );
  });

  it('starts a <style> at a sheet with an @import, which a browser drops after other rules', () => {
    expect(inline('<link rel="stylesheet" href="/_astro/later.css"><link rel="stylesheet" href="/_astro/imports.css"><link rel="stylesheet" href="/_astro/later.css">')).toBe(
      page('<style>p{margin:0}</style><style>@import url("/fonts.css");q{margin:0}p{margin:0}</style>').toString(),
    );
  });

  it('keeps links apart that something stands between, and a link it cannot inline out of a run', () => {
    expect(inline('<link rel="stylesheet" href="/_astro/site.abc.css"><meta name="x" content="y"><link rel="stylesheet" href="/_astro/later.css">')).toBe(
      page('<style>body{margin:0}.a[data-astro-cid-aaa]{color:red}</style><meta name="x" content="y"><style>p{margin:0}</style>').toString(),
    );
    // A missing sheet ends the run; a sheet whose text would close the element stays linked, alone.
    expect(inline('<link rel="stylesheet" href="/_astro/later.css"><link rel="stylesheet" href="/_astro/missing.css"><link rel="stylesheet" href="/_astro/later.css">')).toBe(
      page('<style>p{margin:0}</style><link rel="stylesheet" href="/_astro/missing.css"><style>p{margin:0}</style>').toString(),
    );
    expect(inline('<link rel="stylesheet" href="/_astro/later.css"><link rel="stylesheet" href="/_astro/closing.css"><link rel="stylesheet" href="/_astro/site.abc.css">')).toBe(
      page('<style>p{margin:0}</style><link rel="stylesheet" href="/_astro/closing.css"><style>body{margin:0}.a[data-astro-cid-aaa]{color:red}</style>').toString(),
    );
  });

  it('leaves a link it cannot inline: a missing file, a name with a folder', () => {
    for (const head of ['<link rel="stylesheet" href="/_astro/missing.css">', '<link rel="stylesheet" href="/_astro/../secret.css">', '<link rel="stylesheet" href="/_astro/a/b.css">']) {
      expect(inline(head)).toBe(page(head).toString());
    }
  });

  it('takes a name found in both folders from the first (the build’s, before Astro moves it)', async () => {
    await writeFile(join(root, 'server', 'both.css'), 'b{margin:1px}');
    await writeFile(join(root, 'client', 'both.css'), 'b{margin:2px}');
    expect(inline('<link rel="stylesheet" href="/_astro/both.css">')).toBe(page('<style>b{margin:1px}</style>').toString());
  });

  it('inlines after a meta description that holds </head> (content may write it in an attribute)', () => {
    expect(inline('<meta name="description" content="See </head> here"><link rel="stylesheet" href="/_astro/later.css">')).toBe(
      page('<meta name="description" content="See </head> here"><style>p{margin:0}</style>').toString(),
    );
  });

  it('leaves a stylesheet linked whose text would end the <style> element early', () => {
    const head = '<link rel="stylesheet" href="/_astro/closing.css">';
    expect(inline(head)).toBe(page(head).toString());
  });

  it('does not follow a link in a folder out of it', async () => {
    await symlink(join(root, 'secret.css'), join(root, 'client', 'linked.css'));
    const head = '<link rel="stylesheet" href="/_astro/linked.css">';
    expect(inline(head)).toBe(page(head).toString());
  });

  it('changes nothing where no folder is offered (astro dev)', () => {
    const saved = offered[FOLDERS];
    delete offered[FOLDERS];
    try {
      const head = '<link rel="stylesheet" href="/_astro/later.css">';
      expect(inline(head)).toBe(page(head).toString());
    } finally {
      offered[FOLDERS] = saved;
    }
  });

  it('inlines only an HTML response, and drops the length Astro counted before', () => {
    const head = '<link rel="stylesheet" href="/_astro/later.css">';
    const html = new Headers({ 'content-type': 'text/html', 'content-length': String(page(head).length) });
    expect(withStylesInlined(html, page(head)).toString()).toBe(page('<style>p{margin:0}</style>').toString());
    expect(html.has('content-length')).toBe(false);
    const text = new Headers({ 'content-type': 'text/plain', 'content-length': String(page(head).length) });
    expect(withStylesInlined(text, page(head)).toString()).toBe(page(head).toString());
    expect(text.get('content-length')).toBe(String(page(head).length));
  });
});

describe('a page kept as pieces that share their styles', () => {
  const head = '<link rel="stylesheet" href="/_astro/site.abc.css"><link rel="stylesheet" href="/_astro/later.css">';

  it('joins to the bytes inlining makes, and names each style by its sheet and the scopes the page uses', () => {
    const rendered = page(head, '<main data-astro-cid-bbb data-astro-cid-aaa>Hi</main>');
    const splices = styleSplicesOf(rendered);
    expect(splices.map(({ key }) => key)).toEqual(['site.abc.css+later.css:aaa,bbb']);
    expect(joinedPage(splicedPieces(rendered, splices)).equals(inlinePageStyles(rendered))).toBe(true);
    expect(splices.map(({ from, to }) => rendered.toString('latin1', from, to))).toEqual(['<link rel="stylesheet" href="/_astro/site.abc.css"><link rel="stylesheet" href="/_astro/later.css">']);
  });

  it('gives pages with the same sections the same style bytes, not a copy each', () => {
    const [first, second] = ['One', 'Two'].map((text) => page(head, `<main data-astro-cid-aaa>${text}</main>`));
    const [a, b] = [first!, second!].map((rendered) => splicedPieces(rendered, styleSplicesOf(rendered)));
    expect(a![1]).toBe(b![1]);
    expect(a![1]!.toString()).toBe('<style>body{margin:0}.a[data-astro-cid-aaa]{color:red}p{margin:0}</style>');
    expect(joinedPage(a!).toString()).toContain('One');
  });

  it('splices nothing it cannot inline, and refuses a key no sheet can answer rather than drop the styles', () => {
    const closing = page('<link rel="stylesheet" href="/_astro/closing.css"><link rel="stylesheet" href="/_astro/missing.css">');
    expect(styleSplicesOf(closing)).toEqual([]);
    expect(styleElementOf('missing.css:')).toBeUndefined();
    expect(styleElementOf('../secret.css:')).toBeUndefined();
    expect(styleElementOf('later.css+missing.css:')).toBeUndefined();
    expect(styleElementOf('later.css+../secret.css:')).toBeUndefined();
    expect(() => splicedPieces(closing, [{ from: 0, to: 4, key: 'missing.css:' }])).toThrow('The stylesheet missing.css cannot be inlined any more');
  });
});

describe('a page kept as pieces, each section view a piece of its own', () => {
  const head = '<link rel="stylesheet" href="/_astro/site.abc.css">';
  const rendered = page(head, '<header data-astro-cid-aaa>Brand</header><main>Text</main>');
  const text = rendered.toString('latin1');
  const views = [text.indexOf('Brand'), text.indexOf('Brand') + 5, text.indexOf('Text'), text.indexOf('Text') + 4];

  it('cuts each view out where it is, after the styles, and joins to the page inlining makes', () => {
    const { pieces, viewPieces } = piecesOf(rendered, styleSplicesOf(rendered), views);
    expect(viewPieces!.map((index) => pieces[index]!.toString())).toEqual(['Brand', 'Text']);
    expect(pieces[1]!.toString()).toBe('<style>body{margin:0}.a[data-astro-cid-aaa]{color:red}</style>');
    expect(joinedPage(pieces).equals(inlinePageStyles(rendered))).toBe(true);
  });

  it('keeps a page whose views overlap a link, or fall outside it, without its views rather than fail', () => {
    const splices = styleSplicesOf(rendered);
    for (const wrong of [[splices[0]!.from + 2, views[1]!], [views[2]!, views[1]!], [views[0]!, rendered.length + 1]]) {
      const { pieces, viewPieces } = piecesOf(rendered, splices, wrong);
      expect(viewPieces).toBeUndefined();
      expect(joinedPage(pieces).equals(inlinePageStyles(rendered))).toBe(true);
    }
  });

  it('finds the views again in the page with its styles inlined, as the build writes it', () => {
    const inlined = inlinePageStyles(rendered);
    const moved = inlinedOffsets(views, styleSplicesOf(rendered));
    expect([inlined.toString('latin1', moved[0], moved[1]), inlined.toString('latin1', moved[2], moved[3])]).toEqual(['Brand', 'Text']);
  });

  it('keeps views in their sections’ order: views given out of order are no views', () => {
    expect(piecesOf(rendered, styleSplicesOf(rendered), [views[2]!, views[3]!, views[0]!, views[1]!]).viewPieces).toBeUndefined();
  });

  it('still refuses style splices out of order', () => {
    expect(() => piecesOf(rendered, [{ from: 10, to: 20, key: 'site.abc.css:' }, { from: 5, to: 8, key: 'site.abc.css:' }], views)).toThrow('out of order');
  });
});
