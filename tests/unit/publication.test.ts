/** Drafts and schedules: which documents are public at a given time, and the site resolved from what is. */
import { describe, expect, it } from 'vitest';
import { nextPublicationTime, publicationState, publicSnapshot } from '../../src/engine/publication';
import { PageNotFoundError } from '../../src/engine/resolver';
import { snapshotFromEntries } from '../../src/engine/snapshot';
import { collectionSchemas } from '../../src/engine/schema/collections';
import { parsePublishAt } from '../../src/engine/schema/publication';
import { resolverFor } from '../helpers/registry';

const now = new Date('2026-06-01T12:00:00Z');
const meta = { title: 'T', description: 'D' };
const page = (slug: string, sections: unknown[], extra: object = {}) => ({ id: slug.replaceAll('/', '-').replace(/[[\]]/g, ''), slug, meta, sections, ...extra });
const tag = (name: string, extra: object = {}) => ({ name, description: `${name} things`, accent: '#123456', ...extra });
const post = (title: string, tags: string[], extra: object = {}) => ({ title, excerpt: 'E', date: '2026-01-01', author: 'Ann', tags, body: 'B', ...extra });

const site = {
  'pages/home.json': page('home', [
    { id: 'home-posts', type: 'posts-list', data: { title: 'Posts' } },
    { id: 'home-tags', type: 'tags-list', data: { title: 'Tags' } },
    { id: 'home-quote', type: 'content-block', data: { body: { $ref: '../collections/posts/draft.json#/body' } } },
  ]),
  'pages/about.json': page('about', [], { status: 'draft' }),
  'pages/later.json': page('later', [], { publishAt: '2026-06-02T00:00:00Z' }),
  'pages/posts/[slug].json': page('posts/[slug]', [{ id: 'post-tags', type: 'related-tags', data: { title: 'Tags' } }], { template: { collection: 'posts' } }),
  'pages/tags/[slug].json': page('tags/[slug]', [{ id: 'tag-posts', type: 'tag-posts', data: { title: 'Posts' } }], { template: { collection: 'tags' } }),
  'collections/tags/open.json': tag('Open'),
  'collections/tags/secret.json': tag('Secret', { status: 'draft' }),
  'collections/posts/live.json': post('Live', ['secret', 'open'], { publishAt: '2026-05-01T00:00:00+02:00' }),
  'collections/posts/draft.json': post('Draft', ['open'], { status: 'draft', body: 'Quoted words' }),
  'collections/posts/soon.json': post('Soon', ['open'], { status: 'published', publishAt: '2026-06-01T14:00:00+01:00' }),
  'collections/posts/sooner-draft.json': post('Sooner draft', [], { status: 'draft', publishAt: '2026-06-01T12:30:00Z' }),
  'shared/site.json': { name: 'Site', status: 'draft' },
};
const snapshot = snapshotFromEntries(Object.entries(site));

describe('publicationState', () => {
  it('is published by default, draft by status, scheduled until publishAt', () => {
    expect(publicationState({}, now)).toBe('published');
    expect(publicationState({ status: 'published' }, now)).toBe('published');
    expect(publicationState({ status: 'draft' }, now)).toBe('draft');
    expect(publicationState({ status: 'draft', publishAt: '2020-01-01T00:00:00Z' }, now)).toBe('draft');
    expect(publicationState({ publishAt: '2026-06-01T12:00:01Z' }, now)).toBe('scheduled');
    expect(publicationState({ publishAt: '2026-06-01T12:00:00Z' }, now)).toBe('published');
    expect(publicationState({ publishAt: '2026-06-01T13:30:00+02:00' }, now)).toBe('published');
  });

  it('leaves a malformed publishAt to validation, which names the field', () => {
    expect(publicationState({ publishAt: 'next tuesday' }, now)).toBe('published');
    expect(publicationState({ publishAt: '2026-02-30T00:00:00Z' }, now)).toBe('published');
    expect(publicationState(null, now)).toBe('published');
    const issues = collectionSchemas.posts!.safeParse(post('P', [], { publishAt: '2026-12-01 09:00' })).error?.issues;
    expect(issues).toEqual([expect.objectContaining({ path: ['publishAt'], message: expect.stringContaining('Publish at: Use an ISO 8601 date and time') })]);
  });

  it('parses only ISO 8601 date-times with a time zone', () => {
    expect(parsePublishAt('2026-12-01T09:00:00Z')?.toISOString()).toBe('2026-12-01T09:00:00.000Z');
    expect(parsePublishAt('2026-12-01T10:00:00+01:00')?.toISOString()).toBe('2026-12-01T09:00:00.000Z');
    for (const bad of ['2026-12-01', '2026-12-01T09:00:00', '2026-13-01T09:00:00Z', '2026-02-29T00:00:00Z', 'soon', 12]) {
      expect(parsePublishAt(bad), String(bad)).toBeUndefined();
    }
  });
});

describe('publicSnapshot', () => {
  const visible = publicSnapshot(snapshot, now);

  it('lists no page file or entry that is not published, and keeps every other file', () => {
    expect([...visible.paths()].sort()).toEqual([
      'collections/posts/live.json',
      'collections/tags/open.json',
      'pages/home.json',
      'pages/posts/[slug].json',
      'pages/tags/[slug].json',
      'shared/site.json',
    ]);
  });

  it('is the snapshot itself when everything is published', () => {
    const plain = snapshotFromEntries([['pages/home.json', page('home', [])]]);
    expect(publicSnapshot(plain, now)).toBe(plain);
  });

  it('gives the site without them: no page, no entry page, no list item, no relation', () => {
    const resolver = resolverFor(visible);
    expect(resolver.listPages().map((route) => route.slug).sort()).toEqual(['home', 'posts/live', 'tags/open']);
    for (const slug of ['about', 'later', 'posts/draft', 'posts/soon', 'tags/secret']) expect(() => resolver.resolvePage(slug), slug).toThrow(PageNotFoundError);
    const home = resolver.resolvePage('home');
    expect((home.sections[0]!.data as { posts: { slug: string }[] }).posts.map((item) => item.slug)).toEqual(['live']);
    expect((home.sections[1]!.data as { tags: { slug: string }[] }).tags.map((item) => item.slug)).toEqual(['open']);
    // The relation to the draft tag is left out, so the published post stays whole.
    expect((resolver.resolvePage('posts/live').sections[0]!.data as { tags: { slug: string }[] }).tags.map((item) => item.slug)).toEqual(['open']);
    expect((resolver.resolvePage('tags/open').sections[0]!.data as { posts: { slug: string }[] }).posts.map((item) => item.slug)).toEqual(['live']);
  });

  it('keeps a $ref into a hidden entry resolving, and sends no publication field to sections', () => {
    const home = resolverFor(visible).resolvePage('home');
    expect(home.sections[2]!.data).toMatchObject({ body: 'Quoted words' });
    expect(JSON.stringify(home)).not.toMatch(/publishAt|"status"/);
  });

  it('gives an entry without its hidden relations as the same object while the same ones are hidden, so its lists keep their checks', () => {
    const first = publicSnapshot(snapshot, now).get('collections/posts/live.json');
    expect(first).toMatchObject({ tags: ['open'] });
    expect(publicSnapshot(snapshot, now).get('collections/posts/live.json')).toBe(first);
    // The secret tag published: nothing is taken out, the entry is its own object again.
    const published = snapshotFromEntries(Object.entries({ ...site, 'collections/tags/secret.json': tag('Secret') }));
    expect(publicSnapshot(published, now).get('collections/posts/live.json')).toBe(site['collections/posts/live.json']);
    // The open tag hidden too: another copy, then kept as that one.
    const bothHidden = snapshotFromEntries(Object.entries({ ...site, 'collections/tags/open.json': tag('Open', { status: 'draft' }) }));
    const other = publicSnapshot(bothHidden, now).get('collections/posts/live.json');
    expect(other).toMatchObject({ tags: [] });
    expect(publicSnapshot(bothHidden, now).get('collections/posts/live.json')).toBe(other);
    expect(publicSnapshot(snapshot, now).get('collections/posts/live.json')).toEqual(first);
  });

  it('never hides the 404 page, which every unknown address shows, nor the home page (/ answered 404), and refuses a status or schedule on them by name', () => {
    for (const slug of ['404', 'home']) {
      for (const extra of [{ status: 'draft' }, { publishAt: '2026-07-01T00:00:00Z' }]) {
        const file = `pages/${slug}.json`;
        const withIt = snapshotFromEntries([...Object.entries(site).filter(([path]) => path !== file), [file, page(slug, [], extra)]]);
        expect([...publicSnapshot(withIt, now).paths()]).toContain(file);
        const field = Object.keys(extra)[0];
        expect(() => resolverFor(publicSnapshot(withIt, now)).resolvePage(slug)).toThrow(expect.objectContaining({ file, pointer: `/${field}`, detail: expect.stringMatching(/always public: it cannot be a draft or scheduled/) }));
      }
    }
    const published = snapshotFromEntries([['pages/404.json', page('404', [], { status: 'published' })]]);
    expect(resolverFor(published).resolvePage('404').slug).toBe('404');
  });

  it('leaves the full snapshot untouched, for the editor', () => {
    expect(snapshot.get('collections/posts/live.json')).toMatchObject({ tags: ['secret', 'open'] });
    expect(resolverFor(snapshot).listPages().map((route) => route.slug)).toContain('posts/draft');
  });

  it('shows a scheduled document from its time on', () => {
    const later = resolverFor(publicSnapshot(snapshot, new Date('2026-06-02T00:00:00Z')));
    expect(later.listPages().map((route) => route.slug).sort()).toEqual(['home', 'later', 'posts/live', 'posts/soon', 'tags/open']);
  });
});

describe('nextPublicationTime', () => {
  it('is the earliest publishAt still ahead of a published document, ignoring drafts', () => {
    expect(nextPublicationTime(snapshot, now)?.toISOString()).toBe('2026-06-01T13:00:00.000Z');
    expect(nextPublicationTime(snapshot, new Date('2026-06-01T13:00:00Z'))?.toISOString()).toBe('2026-06-02T00:00:00.000Z');
    expect(nextPublicationTime(snapshot, new Date('2026-06-02T00:00:00Z'))).toBeUndefined();
  });
});
