import { describe, expect, it } from 'vitest';
import { PublishedViews, renderedLayout, splicedLayout, viewRangesOf } from '../../src/server/publish/page-layout';
import { joinedPage } from '../../src/server/publish/page-bytes';
import { bytes, html, keys, rendered } from '../helpers/page-pieces';

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

describe('where a page’s views are in its joined bytes', () => {
  it('is each view piece’s first byte and the byte after it', () => {
    const { body, viewPieces } = rendered('f', ['<nav>Ü</nav>', '<p>Text</p>']);
    const page = joinedPage(body);
    const ranges = viewRangesOf(body as Buffer[], viewPieces!);
    expect([page.toString('utf8', ranges[0], ranges[1]), page.toString('utf8', ranges[2], ranges[3])]).toEqual(['<nav>Ü</nav>', '<p>Text</p>']);
  });
});
