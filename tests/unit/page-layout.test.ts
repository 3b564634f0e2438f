import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layoutOfPage, PublishedViews, renderedLayout, splicedLayout, viewRangesOf, type LayoutKeys, type PageLayout } from '../../src/server/publish/page-layout';
import { inlinedOffsets, inlinedStyleRanges, inlinePageStyles, joinedPage, styleElementOf, styleSplicesOf } from '../../src/server/publish/page-styles';
import type { RenderedInWorker } from '../../src/server/publish/render-pool';

const bytes = (text: string) => Buffer.from(text) as Buffer<ArrayBuffer>;

/** A page as a render gives it: the frame around each view, every part a piece, the views at odd places. */
function rendered(frame: string, views: string[]): RenderedInWorker {
  const pieces = [bytes(`<html><body data-frame="${frame}">`)];
  const viewPieces: number[] = [];
  for (const view of views) {
    viewPieces.push(pieces.length);
    pieces.push(bytes(view), bytes('</section><section>'));
  }
  pieces.push(bytes('</body></html>'));
  return { status: 200, body: pieces, viewPieces };
}

const keys = (frame: string, views: string[]): LayoutKeys => ({ frame, views });
const html = (layout: PageLayout | undefined) => layout && joinedPage(layout.pieces).toString();

describe('a page layout from a render', () => {
  it('is the render’s pieces when it says where each of its views is', () => {
    const layout = renderedLayout(keys('f', ['h1', 'a']), rendered('f', ['<nav>One</nav>', '<p>About</p>']))!;
    expect(layout.viewPieces.map((index) => layout.pieces[index]!.toString())).toEqual(['<nav>One</nav>', '<p>About</p>']);
  });

  it('is none for a page in one piece, or whose views do not match its sections', () => {
    expect(renderedLayout(keys('f', ['h1']), { status: 200, body: bytes('<html></html>') })).toBeUndefined();
    expect(renderedLayout(keys('f', ['h1']), { ...rendered('f', ['a', 'b']) })).toBeUndefined();
    expect(renderedLayout(keys('f', ['h1']), { ...rendered('f', ['a']), viewPieces: undefined })).toBeUndefined();
  });
});

describe('a page made from its pieces', () => {
  const about = renderedLayout(keys('about', ['header:1', 'text:about']), rendered('about', ['<nav>One</nav>', '<p>About</p>']))!;
  const views = () => {
    const learned = new PublishedViews();
    learned.learn(renderedLayout(keys('pricing', ['header:2', 'text:pricing']), rendered('pricing', ['<nav>Two</nav>', '<p>Prices</p>']))!);
    return learned;
  };

  it('is the render it replaces, byte for byte: its frame with the new view in place', () => {
    const made = splicedLayout(about, keys('about', ['header:2', 'text:about']), views());
    expect(html(made)).toBe(joinedPage(rendered('about', ['<nav>Two</nav>', '<p>About</p>']).body).toString());
    // The pieces that did not change are the same buffers: nothing is copied but the new view, once.
    expect(made!.pieces[0]).toBe(about.pieces[0]);
  });

  it('is the live page itself when nothing it is made of changed', () => {
    expect(splicedLayout(about, about.keys, views())!.pieces).toBe(about.pieces);
  });

  it('is not made when the frame changed, a section came or went, or a new view is not known', () => {
    expect(splicedLayout(about, keys('about, retitled', ['header:2', 'text:about']), views())).toBeUndefined();
    expect(splicedLayout(about, keys('about', ['header:2']), views())).toBeUndefined();
    expect(splicedLayout(about, keys('about', ['header:3', 'text:about']), views())).toBeUndefined();
    expect(splicedLayout(undefined, keys('about', ['header:2', 'text:about']), views())).toBeUndefined();
  });

  it('is not made when the new view carries other style scopes: the page’s styles would change', () => {
    const learned = new PublishedViews();
    learned.learn(renderedLayout(keys('x', ['header:4']), rendered('x', ['<nav data-astro-cid-icon>Two</nav>']))!);
    expect(splicedLayout(about, keys('about', ['header:4', 'text:about']), learned)).toBeUndefined();
  });

  it('copies a view it takes from another page, once, so pages do not hold each other’s bytes', () => {
    const page = rendered('p', ['<nav>Mine</nav>']);
    const learned = new PublishedViews();
    learned.learn(renderedLayout(keys('p', ['header:5']), page)!);
    const taken = learned.take('header:5')!;
    expect(taken.toString()).toBe('<nav>Mine</nav>');
    (page.body as Buffer[])[1]!.write('<nav>Gone</nav>');
    expect(taken.toString()).toBe('<nav>Mine</nav>');
    expect(learned.take('header:5')).toBe(taken);
  });
});

describe('a page layout from a whole page and where its views are', () => {
  it('cuts the page where the ranges say, and gives the same ranges back', () => {
    const page = bytes('<header><nav>Ü</nav></header><main><p>Text</p></main>');
    const text = page.toString('latin1');
    const views = [text.indexOf('<nav>'), text.indexOf('</header>'), text.indexOf('<p>'), text.indexOf('</main>')];
    const layout = layoutOfPage(keys('f', ['header:1', 'text:1']), page, { views, styles: [] })!;
    expect(layout.viewPieces.map((index) => layout.pieces[index]!.toString())).toEqual(['<nav>Ü</nav>', '<p>Text</p>']);
    expect(joinedPage(layout.pieces).equals(page)).toBe(true);
    expect(viewRangesOf(layout.pieces, layout.viewPieces)).toEqual(views);
  });

  it('is none when the ranges do not fit the page or its sections', () => {
    const page = bytes('<p>short</p>');
    expect(layoutOfPage(keys('f', ['a']), page, { views: [0, 99], styles: [] })).toBeUndefined();
    expect(layoutOfPage(keys('f', ['a', 'b']), page, { views: [0, 3], styles: [] })).toBeUndefined();
    expect(layoutOfPage(keys('f', ['a', 'b']), page, { views: [3, 6, 1, 2], styles: [] })).toBeUndefined();
  });
});

describe('a page layout from a file the build wrote, its styles inlined', () => {
  const FOLDERS = Symbol.for('content-site.stylesheet-folders');
  const offered = globalThis as Record<symbol, unknown>;
  let root: string;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'page-layout-'));
    await writeFile(join(root, 'site.abc.css'), 'body{margin:0}.a[data-astro-cid-aaa]{color:red}.b[data-astro-cid-bbb]{color:blue}');
    offered[FOLDERS] = [root];
  });

  afterAll(async () => {
    delete offered[FOLDERS];
    await rm(root, { recursive: true, force: true });
  });

  const linked = bytes('<html><head><link rel="stylesheet" href="/_astro/site.abc.css"></head><body><header><nav data-astro-cid-aaa>One</nav></header></body></html>');

  /** The page as the build writes it, and where its view and style are in it. */
  function built() {
    const splices = styleSplicesOf(linked);
    const text = linked.toString('latin1');
    const file = inlinePageStyles(linked);
    return { file, views: inlinedOffsets([text.indexOf('<nav'), text.indexOf('</header>')], splices), styles: inlinedStyleRanges(splices) };
  }

  it('shares the page’s `<style>` with every page of the same sections, as a rendered page does', () => {
    const { file, views, styles } = built();
    const layout = layoutOfPage(keys('f', ['header:1']), file, { views, styles })!;
    expect(layout.pieces).toContain(styleElementOf(styles[0]!.key));
    expect(layout.pieces[layout.viewPieces[0]!]!.toString()).toBe('<nav data-astro-cid-aaa>One</nav>');
    expect(joinedPage(layout.pieces).equals(file)).toBe(true);
  });

  it('keeps the file’s own bytes where its style is not the one its key names now', () => {
    const { file, views, styles } = built();
    const changed = bytes(file.toString().replace('color:red', 'color:tan'));
    const layout = layoutOfPage(keys('f', ['header:1']), changed, { views, styles })!;
    expect(layout.pieces).not.toContain(styleElementOf(styles[0]!.key));
    expect(joinedPage(layout.pieces).equals(changed)).toBe(true);
  });
});
