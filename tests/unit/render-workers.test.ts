import { describe, expect, it } from 'vitest';
import { applyDelta, deltaFor, type SentFiles } from '../../src/server/publish/snapshot-mirror';
import { createRenderWorkerSide, type RenderedBytes, type RenderWorkerReply } from '../../src/server/publish/render-worker-side';
import { cachedSection, cacheSection, clearSectionCache, sectionDigest } from '../../src/lib/section-cache';
import type { BundleSection } from '../../src/engine/resolver';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { changedInPlace } from '../../src/lib/carry-over';
import { publicSnapshot } from '../../src/engine/publication';
import { snapshotFromEntries, type ContentSnapshot } from '../../src/engine/snapshot';

// What a worker receives: a structured clone, as postMessage makes.
const clone = <T>(value: T): T => structuredClone(value);
const header = { id: 'site-header', type: 'header', data: { logoText: 'Acme' } };
const about = { id: 'about', slug: 'about', sections: [{ $ref: '../shared/header.json' }] };
const home = { id: 'home', slug: 'home', sections: [] };
const base = { 'shared/header.json': header, 'pages/about.json': about, 'pages/home.json': home };
const snapshotOf = (files: Record<string, unknown>, refused?: Map<string, string>) => snapshotFromEntries(Object.entries(files), refused);
const contents = (snapshot: ContentSnapshot) => Object.fromEntries([...snapshot.paths()].map((path) => [path, snapshot.get(path)]));

describe('snapshot deltas for render workers', () => {
  it('sends every file first, then only the files whose parsed object changed, and the copy reads as the snapshot', () => {
    const sent: SentFiles = new Map();
    const copy = new Map<string, unknown>();
    const first = snapshotOf(base);
    const delta1 = clone(deltaFor(sent, first, first.paths(), 1));
    expect(delta1.files.map(([path]) => path).sort()).toEqual(Object.keys(base).sort());
    const copy1 = applyDelta(copy, delta1);
    expect(contents(copy1)).toEqual(base);

    const edited = { ...header, data: { logoText: 'Acme & Co' } };
    const second = snapshotOf({ ...base, 'shared/header.json': edited });
    const delta2 = clone(deltaFor(sent, second, second.paths(), 2));
    expect(delta2).toMatchObject({ generation: 2, files: [['shared/header.json', edited]], removed: [], listed: null, refused: [] });
    const copy2 = applyDelta(copy, delta2);
    expect(contents(copy2)).toEqual({ ...base, 'shared/header.json': edited });
    // The copy keeps the objects of unchanged files, so the worker's resolved pages carry over as the server's do.
    expect(copy2.get('pages/about.json')).toBe(copy1.get('pages/about.json'));
    expect(changedInPlace(copy1, copy2)).toEqual(new Set(['shared/header.json']));
    // A snapshot made before stays as it was.
    expect(copy1.get('shared/header.json')).toEqual(header);
  });

  it('removes files that are gone and passes on refused files', () => {
    const sent: SentFiles = new Map();
    const copy = new Map<string, unknown>();
    applyDelta(copy, clone(deltaFor(sent, snapshotOf(base), Object.keys(base), 1)));
    const { 'pages/home.json': _gone, ...rest } = base;
    const refused = new Map([['pages/link.json', 'is a symbolic link']]);
    const after = snapshotOf(rest, refused);
    const delta = clone(deltaFor(sent, after, after.paths(), 2));
    expect(delta.removed).toEqual(['pages/home.json']);
    expect(delta.files).toEqual([]);
    const mirrored = applyDelta(copy, delta);
    expect([...mirrored.paths()].sort()).toEqual(Object.keys(rest).sort());
    expect(mirrored.get('pages/home.json')).toBeUndefined();
    expect(mirrored.refused?.()).toEqual(refused);
  });

  it('keeps a draft readable through $ref while the copy lists only what the public snapshot lists', () => {
    const draft = { id: 'draft', slug: 'draft', status: 'draft', sections: [] };
    const whole = snapshotOf({ ...base, 'pages/draft.json': draft });
    const visible = publicSnapshot(whole, new Date('2026-11-23T00:00:00Z'));
    const delta = clone(deltaFor(new Map(), visible, whole.paths(), 1));
    const mirrored = applyDelta(new Map(), delta);
    expect([...mirrored.paths()].sort()).toEqual([...visible.paths()].sort());
    expect([...mirrored.paths()]).not.toContain('pages/draft.json');
    expect(mirrored.get('pages/draft.json')).toEqual(draft);
  });

  it('sees an edit of that draft as the server does, so its pages that include it are resolved again there too', () => {
    const draft = { id: 'draft', slug: 'draft', status: 'draft', sections: [] };
    const sent: SentFiles = new Map();
    const copy = new Map<string, unknown>();
    const now = new Date('2026-11-23T00:00:00Z');
    const before = snapshotOf({ ...base, 'pages/draft.json': draft });
    const mirroredBefore = applyDelta(copy, clone(deltaFor(sent, publicSnapshot(before, now), before.paths(), 1)));
    const after = snapshotOf({ ...base, 'pages/draft.json': { ...draft, sections: [{ id: 'x', type: 'content-block', data: {} }] } });
    const mirroredAfter = applyDelta(copy, clone(deltaFor(sent, publicSnapshot(after, now), after.paths(), 2)));
    expect(changedInPlace(publicSnapshot(before, now), publicSnapshot(after, now))).toEqual(new Set(['pages/draft.json']));
    expect(changedInPlace(mirroredBefore, mirroredAfter)).toEqual(new Set(['pages/draft.json']));
  });
});

describe('the render worker side', () => {
  const rendered: { path: string; snapshot: ContentSnapshot | undefined }[] = [];
  const adopted: { slug: string; bundle: unknown }[] = [];
  const side = createRenderWorkerSide(async (path, context) => {
    rendered.push({ path, snapshot: context.snapshot });
    if (path === '/broken/') throw new Error('The view threw');
    return { status: 200, headers: new Headers(), body: Buffer.from(`<h1>${context.snapshot?.get('shared/header.json') ? 'with header' : 'none'} ${path}</h1>`), styles: [] };
  }, (snapshot, slug, bundle) => adopted.push({ slug, bundle: { ...(bundle as object), from: snapshot.get('pages/home.json') } }));
  const page = (path: string, slug: string) => ({ path, slug, head: JSON.stringify({ slug, title: slug, sections: [] }), sections: [], shared: [], sectionDigests: [] });

  it('renders from the copy a sync made, with the bundles the server resolved, and moves the pages\' bytes', async () => {
    expect(await side.handle({ type: 'sync', delta: deltaFor(new Map(), snapshotOf(base), Object.keys(base), 7) })).toBeUndefined();
    const handled = await side.handle({ type: 'render', id: 1, generation: 7, pages: [page('/about/', 'about'), page('/', 'home')] });
    const reply = handled!.reply as Extract<RenderWorkerReply, { rendered: unknown }>;
    expect(reply.rendered.map(({ status, body }) => [status, Buffer.from(body).toString()])).toEqual([
      [200, '<h1>with header /about/</h1>'],
      [200, '<h1>with header /</h1>'],
    ]);
    expect(handled!.transfer).toEqual(reply.rendered.map(({ body }) => body));
    expect(rendered.at(-1)?.snapshot?.get('pages/home.json')).toEqual(home);
    expect(adopted.slice(-2)).toEqual([
      { slug: 'about', bundle: { slug: 'about', title: 'about', sections: [], from: home } },
      { slug: 'home', bundle: { slug: 'home', title: 'home', sections: [], from: home } },
    ]);
  });

  it('parses a section shared by pages once, frozen, each page\'s own as it comes, and takes the digests the server made', async () => {
    const header = JSON.stringify({ id: 'site-header', type: 'header', data: { logoText: 'Acme', menu: [] }, settings: {} });
    const own = (slug: string) => JSON.stringify({ id: `${slug}-a`, type: 'content-block', data: { body: slug }, settings: {} });
    // The header came on an earlier page of the publication too (the server numbered it 5), each page's own section did not (0).
    const withSections = (path: string, slug: string) => ({ ...page(path, slug), sections: [header, own(slug)], shared: [5, 0], sectionDigests: ['header-digest', `${slug}-digest`] });
    await side.handle({ type: 'render', id: 4, generation: 7, pages: [withSections('/about/', 'about'), withSections('/', 'home')] });
    const [about, home] = adopted.slice(-2).map(({ bundle }) => (bundle as { sections: BundleSection[] }).sections);
    expect(about![0]).toBe(home![0]);
    expect(Object.isFrozen(about![0]!.data)).toBe(true);
    expect(about![1]!.data).toEqual({ body: 'about' });
    expect(Object.isFrozen(about![1])).toBe(false);
    expect(home![1]!.data).toEqual({ body: 'home' });
    expect(sectionDigest(home![1]!, {})).toBe('home-digest');
    expect(sectionDigest(about![0]!, {})).toBe('header-digest');
  });

  it('refuses a render for another snapshot than the one it holds, and reports a render that throws', async () => {
    const stale = await side.handle({ type: 'render', id: 2, generation: 6, pages: [page('/about/', 'about')] });
    expect(stale!.reply).toEqual({ id: 2, error: 'This render worker holds content 7, not 6' });
    const thrown = await side.handle({ type: 'render', id: 3, generation: 7, pages: [page('/about/', 'about'), page('/broken/', 'broken')] });
    expect(thrown!.reply).toEqual({ id: 3, error: 'The view threw' });
    expect(thrown!.transfer).toEqual([]);
  });

  it('reports its section cache counts with each reply (the build reports them over every thread)', async () => {
    clearSectionCache();
    // A view that looks its shared header up in the cache, as LivePage's sections do: kept the second time it is seen.
    const caching = createRenderWorkerSide(async (path) => {
      if (cachedSection('header') === undefined) cacheSection('header', '<header></header>');
      return { status: 200, headers: new Headers(), body: Buffer.from(path), styles: [] };
    }, () => {});
    await caching.handle({ type: 'sync', delta: deltaFor(new Map(), snapshotOf(base), Object.keys(base), 1) });
    const first = await caching.handle({ type: 'render', id: 4, generation: 1, pages: [page('/about/', 'about')] });
    expect((first!.reply as Extract<RenderWorkerReply, { rendered: unknown }>).sectionCache).toEqual({ hits: 0, misses: 1, entries: 0, chars: 0 });
    const later = await caching.handle({ type: 'render', id: 5, generation: 1, pages: [page('/', 'home'), page('/about/', 'about'), page('/', 'home')] });
    expect((later!.reply as Extract<RenderWorkerReply, { rendered: unknown }>).sectionCache).toMatchObject({ hits: 2, misses: 2, entries: 1 });
    clearSectionCache();
  });

  it('compresses each page when asked (the build), to forms that decompress to it and move with it, and leaves pages alone unless asked', async () => {
    const long = createRenderWorkerSide(async (path) => ({ status: 200, headers: new Headers(), body: Buffer.from(`<p>${path}</p>`.repeat(500)), styles: [] }), () => {});
    await long.handle({ type: 'sync', delta: deltaFor(new Map(), snapshotOf(base), Object.keys(base), 1) });
    const compressed = (await long.handle({ type: 'render', id: 1, generation: 1, pages: [page('/a/', 'a')], compress: { brotliQuality: 5, gzipLevel: 6 } }))!;
    const [{ body, br, gzip }] = (compressed.reply as Extract<RenderWorkerReply, { rendered: unknown }>).rendered as [RenderedBytes];
    expect(brotliDecompressSync(Buffer.from(br!)).equals(Buffer.from(body))).toBe(true);
    expect(gunzipSync(Buffer.from(gzip!)).equals(Buffer.from(body))).toBe(true);
    expect(compressed.transfer).toEqual([body, br, gzip]);
    const plain = (await long.handle({ type: 'render', id: 2, generation: 1, pages: [page('/a/', 'a')] }))!;
    expect((plain.reply as Extract<RenderWorkerReply, { rendered: unknown }>).rendered[0]).not.toHaveProperty('br');
  });
});
