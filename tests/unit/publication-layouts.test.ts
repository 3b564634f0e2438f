import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderedLayout, type PageLayout } from '../../src/server/publish/page-layout';
import { PublicationLayouts, readBuiltLayout, type BuiltLayout } from '../../src/server/publish/publication-layouts';
import { joinedPage } from '../../src/server/publish/page-bytes';
import { inlinedOffsets, inlinedStyleRanges, inlinePageStyles, styleElementOf, styleSplicesOf } from '../../src/server/publish/page-styles';
import { bytes, html, keys, rendered } from '../helpers/page-pieces';

describe('the layouts of a publication', () => {
  const live = new Map<string, PageLayout>();
  for (let index = 0; index < 10; index += 1) live.set(`/p${index}`, renderedLayout(keys(`p${index}`, ['header:1', `text:${index}`]), rendered(`p${index}`, ['<nav>One</nav>', `<p>${index}</p>`]))!);
  live.set('/about', renderedLayout(keys('about', ['header:about', 'text:about']), rendered('about', ['<nav>One, about</nav>', '<p>About</p>']))!);

  it('keeps the live layout of a page that did not change, and makes the rest from a first render', () => {
    const layouts = new PublicationLayouts(live);
    layouts.keep('/about');
    expect(layouts.layouts.get('/about')).toBe(live.get('/about'));
    const next = (index: number) => keys(`p${index}`, ['header:2', `text:${index}`]);
    // Ten live pages show the old header: rendering one first lets the others be made from their pieces.
    expect(layouts.fromPieces('/p0', next(0))).toBeUndefined();
    expect(layouts.worthRenderingFirst('/p0', next(0))).toBe(true);
    layouts.rendered('/p0', rendered('p0', ['<nav>Two</nav>', '<p>0</p>']));
    expect(layouts.worthRenderingFirst('/p1', next(1))).toBe(false);
    const made = layouts.fromPieces('/p1', next(1));
    expect(html(made)).toBe(joinedPage(rendered('p1', ['<nav>Two</nav>', '<p>1</p>']).body).toString());
    expect(layouts.layouts.get('/p1')).toBe(made);
  });

  it('renders a page first once for each view it replaces, even when it came back without its views', () => {
    const layouts = new PublicationLayouts(live);
    const next = (index: number) => keys(`p${index}`, ['header:2', `text:${index}`]);
    expect(layouts.worthRenderingFirst('/p0', next(0))).toBe(true);
    layouts.fromPieces('/p0', next(0));
    layouts.rendered('/p0', { status: 200, body: bytes('<html>whole</html>') });
    expect(layouts.fromPieces('/p1', next(1))).toBeUndefined();
    expect(layouts.worthRenderingFirst('/p1', next(1))).toBe(false);
  });

  it('renders first only a page whose changed view many live pages show, in the same frame', () => {
    const layouts = new PublicationLayouts(live);
    expect(layouts.worthRenderingFirst('/about', keys('about', ['header:about2', 'text:about']))).toBe(false);
    expect(layouts.worthRenderingFirst('/p0', keys('p0, retitled', ['header:2', 'text:0']))).toBe(false);
    expect(layouts.worthRenderingFirst('/new', keys('new', ['header:2']))).toBe(false);
  });

  it('forgets the layout of a page rendered without its views', () => {
    const layouts = new PublicationLayouts(live);
    layouts.keep('/p2');
    layouts.fromPieces('/p2', keys('p2, retitled', ['header:1', 'text:2']));
    layouts.rendered('/p2', { status: 200, body: bytes('<html>whole</html>') });
    expect(layouts.layouts.has('/p2')).toBe(false);
  });
});

describe('the layouts of a publication that starts from the build’s pages', () => {
  let clientDir: string;
  const built = new Map<string, { renderKey: string; layout: BuiltLayout }>();
  const renderKeys = new Map<string, string>();
  const page = (index: number) => joinedPage(rendered(`b${index}`, ['<nav>One</nav>', `<p>${index}</p>`]).body);

  beforeAll(async () => {
    clientDir = await mkdtemp(join(tmpdir(), 'built-layouts-'));
    for (let index = 0; index < 10; index += 1) {
      const file = page(index);
      const text = file.toString('latin1');
      const views = [text.indexOf('<nav>'), text.indexOf('</nav>') + 6, text.indexOf(`<p>${index}`), text.indexOf('</p>') + 4];
      await writeFile(join(clientDir, `b${index}.html`), file);
      built.set(`/b${index}.html`, { renderKey: `k${index}`, layout: { keys: keys(`b${index}`, ['header:1', `text:${index}`]), size: file.length, views, styles: [] } });
      renderKeys.set(`/b${index}.html`, `k${index}`);
    }
    // A page the server has published since: the build's file is not what it serves.
    renderKeys.set('/b9.html', 'published since');
  });

  afterAll(async () => {
    await rm(clientDir, { recursive: true, force: true });
  });

  it('reads a built page’s file only to make it from its pieces, and counts the views the build’s pages show', () => {
    const layouts = new PublicationLayouts(new Map(), { layouts: built, renderKeys, clientDir });
    layouts.keep('/b0.html');
    expect(layouts.layouts.has('/b0.html')).toBe(false);
    const next = (index: number) => keys(`b${index}`, ['header:2', `text:${index}`]);
    expect(layouts.fromPieces('/b1.html', next(1))).toBeUndefined();
    expect(layouts.worthRenderingFirst('/b1.html', next(1))).toBe(true);
    layouts.rendered('/b1.html', rendered('b1', ['<nav>Two</nav>', '<p>1</p>']));
    expect(html(layouts.fromPieces('/b2.html', next(2)))).toBe(joinedPage(rendered('b2', ['<nav>Two</nav>', '<p>2</p>']).body).toString());
  });

  it('does not take the build’s layout of a page published since, or one whose file is gone', async () => {
    const layouts = new PublicationLayouts(new Map(), { layouts: built, renderKeys, clientDir });
    layouts.rendered('/b1.html', rendered('b1', ['<nav>Two</nav>', '<p>1</p>']));
    layouts.fromPieces('/b1.html', keys('b1', ['header:2', 'text:1']));
    layouts.rendered('/b1.html', rendered('b1', ['<nav>Two</nav>', '<p>1</p>']));
    expect(layouts.fromPieces('/b9.html', keys('b9', ['header:2', 'text:9']))).toBeUndefined();
    await rm(join(clientDir, 'b3.html'));
    expect(layouts.fromPieces('/b3.html', keys('b3', ['header:2', 'text:3']))).toBeUndefined();
    expect(html(layouts.fromPieces('/b4.html', keys('b4', ['header:2', 'text:4'])))).toContain('<nav>Two</nav><');
  });
});

describe('a built page’s layout, read from its file', () => {
  const FOLDERS = Symbol.for('content-site.stylesheet-folders');
  const offered = globalThis as Record<symbol, unknown>;
  let root: string;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'built-page-'));
    await writeFile(join(root, 'site.abc.css'), 'body{margin:0}.a[data-astro-cid-aaa]{color:red}.b[data-astro-cid-bbb]{color:blue}');
    offered[FOLDERS] = [root];
  });

  afterAll(async () => {
    delete offered[FOLDERS];
    await rm(root, { recursive: true, force: true });
  });

  const linked = bytes('<html><head><link rel="stylesheet" href="/_astro/site.abc.css"></head><body><header><nav data-astro-cid-aaa>Ü one</nav></header><main><p>Text</p></main></body></html>');

  /** The page as the build writes it into `name`, and what page-bundles.json says of it. */
  async function built(name: string, edit = (page: string) => page): Promise<{ file: string; page: Buffer; layout: BuiltLayout }> {
    const splices = styleSplicesOf(linked);
    const text = linked.toString('latin1');
    const page = bytes(edit(inlinePageStyles(linked).toString()));
    const file = join(root, name);
    await writeFile(file, page);
    const views = inlinedOffsets([text.indexOf('<nav'), text.indexOf('</header>'), text.indexOf('<p>'), text.indexOf('</main>')], splices);
    return { file, page, layout: { keys: keys('f', ['header:1', 'text:1']), size: inlinePageStyles(linked).length, views, styles: inlinedStyleRanges(splices) } };
  }

  it('is the file as pieces: its views cut out, its `<style>` the one other pages share, not a copy', async () => {
    const { file, page, layout } = await built('page.html');
    const read = readBuiltLayout(file, layout)!;
    expect(read.viewPieces.map((index) => read.pieces[index]!.toString())).toEqual(['<nav data-astro-cid-aaa>Ü one</nav>', '<p>Text</p>']);
    expect(read.pieces).toContain(styleElementOf(layout.styles[0]!.key));
    expect(joinedPage(read.pieces).equals(page)).toBe(true);
  });

  it('keeps the file’s own bytes where its style is not the one its key names now', async () => {
    const { file, page, layout } = await built('changed.html', (text) => text.replace('color:red', 'color:tan'));
    const read = readBuiltLayout(file, layout)!;
    expect(read.pieces).not.toContain(styleElementOf(layout.styles[0]!.key));
    expect(joinedPage(read.pieces).equals(page)).toBe(true);
  });

  it('is never read through a link', async () => {
    const { file, layout } = await built('target.html');
    await symlink(file, join(root, 'link.html'));
    expect(() => readBuiltLayout(join(root, 'link.html'), layout)).toThrow(/ELOOP/);
  });

  it('is none when the file is not the one the build wrote, or the views do not fit its sections', async () => {
    const { file, layout } = await built('short.html', (text) => text.slice(0, text.indexOf('<p>')));
    expect(readBuiltLayout(file, layout)).toBeUndefined();
    const longer = await built('longer.html', (text) => `${text}\n`);
    expect(readBuiltLayout(longer.file, longer.layout)).toBeUndefined();
    const whole = await built('whole.html');
    expect(readBuiltLayout(whole.file, { ...whole.layout, keys: keys('f', ['header:1']) })).toBeUndefined();
    expect(readBuiltLayout(whole.file, { ...whole.layout, views: [...whole.layout.views.slice(2), ...whole.layout.views.slice(0, 2)] })).toBeUndefined();
  });
});
