/** Posts and tags in the editor: their forms, validation, new entries and routes. */
import { describe, expect, it } from 'vitest';
import { PostSchema, TagSchema } from '../../src/engine/schema/collections';
import { inputJsonSchema } from '../../src/engine/schema/json-schema';
import { createEntry, editField, travel } from '../../src/editor/lib/store/commands';
import { initialState } from '../../src/editor/lib/store/state';
import { restoreDrafts } from '../../src/editor/lib/drafts';
import { fieldsOf } from '../../src/editor/lib/form';
import { docsFromPayload, type Docs } from '../../src/editor/lib/model';
import { entriesOf, entryLabel, entryPagePrefix, entryPageSlug, entryRoute, knownEntries, newEntry, newEntryDoc, parseEntryRoute } from '../../src/editor/lib/entries';
import { entryIssues } from '../../src/editor/lib/validate';

const post = {
  title: 'Hello',
  excerpt: 'A post.',
  date: '2026-01-02',
  author: 'Ann',
  tags: ['news'],
  body: '## Hi',
};
const tag = { name: 'News', description: 'What is new.', accent: '#112233' };

const docs: Docs = docsFromPayload({
  problems: [],
  maxUploadBytes: 1,
  docs: [
    { file: 'collections/posts/hello.json', kind: 'entry', saveSlug: 'posts/hello', data: post, version: 'v1' },
    { file: 'collections/tags/news.json', kind: 'entry', saveSlug: 'tags/news', data: tag, version: 'v2' },
    { file: 'collections/tags/alpha.json', kind: 'entry', saveSlug: 'tags/alpha', data: { ...tag, name: 'Alpha' }, version: 'v3' },
    { file: 'pages/home.json', kind: 'page', saveSlug: 'home', data: { id: 'home', slug: 'home', meta: {}, sections: [] }, version: 'v4' },
    { file: 'pages/posts/[slug].json', kind: 'page', saveSlug: 'posts/[slug]', data: { id: 'post', slug: 'posts/[slug]', meta: {}, template: { collection: 'posts' }, sections: [] }, version: 'v5' },
    { file: 'shared/footer.json', kind: 'shared', saveSlug: 'shared/footer', data: {}, version: 'v6' },
  ],
});

describe('entry forms', () => {
  const postFields = fieldsOf(inputJsonSchema(PostSchema));
  const field = (key: string) => postFields.find((spec) => spec.key === key)!;

  it('marks a post’s tags as a relation to the tags collection, and nothing else', () => {
    expect(field('tags')).toMatchObject({ kind: 'relation', relation: 'tags', label: 'Tags', required: true, item: { kind: 'text' } });
    expect(postFields.filter((spec) => spec.relation).map((spec) => spec.key)).toEqual(['tags']);
    expect(fieldsOf(inputJsonSchema(TagSchema)).some((spec) => spec.relation)).toBe(false);
  });

  it('generates the post and tag forms from the schemas', () => {
    expect(postFields.map((spec) => [spec.key, spec.kind])).toEqual([
      ['title', 'text'], ['excerpt', 'textarea'], ['date', 'date'], ['author', 'text'], ['cover', 'image'], ['tags', 'relation'], ['body', 'markdown'],
    ]);
    expect(fieldsOf(inputJsonSchema(TagSchema)).map((spec) => spec.kind)).toEqual(['text', 'textarea', 'color']);
  });
});

describe('entry validation', () => {
  const known = knownEntries(docs);

  it('accepts valid entries', () => {
    expect(entryIssues('posts', post, known).size).toBe(0);
    expect(entryIssues('tags', tag, known).size).toBe(0);
  });

  it('reports schema issues keyed by field', () => {
    const issues = entryIssues('posts', { ...post, title: ' ', date: '2026-13-40', tags: ['Not A Slug'] });
    expect(issues.get('title')).toBe('Required');
    expect(issues.get('date')).toBe('Pick a date (YYYY-MM-DD)');
    expect(issues.get('tags.0')).toBe('Use lowercase letters, digits and hyphens');
    expect(entryIssues('tags', { ...tag, accent: 'red' }).get('accent')).toBe('Use a colour code such as #1e40af: a # and six digits or letters from a to f (the swatch beside it picks one)');
    expect(entryIssues('posts', { ...post, body: undefined }).has('body')).toBe(true);
  });

  it('reports tags that do not exist, when it knows the tags', () => {
    const issues = entryIssues('posts', { ...post, tags: ['news', 'ghost', 'alpha'] }, known);
    expect([...issues]).toEqual([['tags.1', 'Unknown tag']]);
    // Without the known entries it checks the schema only.
    expect(entryIssues('posts', { ...post, tags: ['ghost'] }).size).toBe(0);
  });

  it('refuses an unknown collection', () => {
    expect([...entryIssues('no-such-collection', {})]).toEqual([['', 'Unknown collection "no-such-collection"']]);
  });
});

describe('new entries', () => {
  it('starts a post and a tag with valid data', () => {
    const data = newEntry('posts', 'release-notes', '2026-11-22');
    // A post starts as a draft; a tag (which posts show at once) as published.
    expect(data).toEqual({ status: 'draft', title: 'Release Notes', excerpt: expect.any(String), date: '2026-11-22', author: 'Editor', tags: [], body: expect.any(String) });
    expect(entryIssues('posts', data, knownEntries(docs)).size).toBe(0);
    expect(entryIssues('tags', newEntry('tags', 'how-to', '2026-11-22')).size).toBe(0);
    expect(newEntry('tags', 'how-to', '2026-11-22')).toMatchObject({ name: 'How To' });
    expect(newEntry('tags', 'how-to', '2026-11-22')).not.toHaveProperty('status');
  });

  it('is a new, unsaved doc at the entry’s file, created by the save (version null)', () => {
    const doc = newEntryDoc('tags', 'how-to', { name: 'How to' });
    expect(doc).toMatchObject({ file: 'collections/tags/how-to.json', kind: 'entry', saveSlug: 'tags/how-to', version: null, savedJson: '' });
  });

  it('is created and edited through the store’s undoable commands, with named steps', () => {
    let state = { ...initialState({ docs: [], problems: [], siteProblems: [], images: [], maxUploadBytes: 1 }, null), docs };
    state = createEntry(state, { collection: 'tags', slug: 'how-to', today: '2026-11-22', now: 0 });
    state = editField(state, { file: 'collections/posts/hello.json', path: ['title'], value: 'Hello again', now: 5000 });
    state = editField(state, { file: 'collections/posts/hello.json', path: ['tags'], value: ['news', 'how-to'], now: 10_000 });
    expect(state.history.past.map((step) => step.label)).toEqual(['Create tag “how-to”', 'Edit Post › Title', 'Edit Post › Tags']);
    expect(entryIssues('posts', state.docs['collections/posts/hello.json']!.data, knownEntries(state.docs)).size).toBe(0);
    state = travel(state, { steps: -3, now: 20_000 });
    expect(state.docs['collections/tags/how-to.json']).toBeUndefined();
  });

  it('restores a draft of a new entry as an entry', () => {
    const draft = { file: 'collections/posts/draft-post.json', data: post, baseVersion: null, savedAt: 0 };
    const restored = restoreDrafts(docs, [{ draft, isNew: true, changedOnDisk: false, keys: [], savedAt: [0] }]).docs;
    expect(restored['collections/posts/draft-post.json']).toMatchObject({ kind: 'entry', saveSlug: 'posts/draft-post', version: null });
  });
});

describe('entry lists and routes', () => {
  it('lists a collection’s entries by slug, labelled by title or name', () => {
    expect(entriesOf(docs, 'tags').map(entryLabel)).toEqual(['Alpha', 'News']);
    expect(entriesOf(docs, 'posts').map(entryLabel)).toEqual(['Hello']);
  });

  it('keeps entry routes apart from page slugs', () => {
    expect(entryRoute('posts', 'hello')).toBe('~posts/hello');
    expect(parseEntryRoute('~posts/hello')).toEqual({ collection: 'posts', slug: 'hello' });
    expect(parseEntryRoute('~tags/news')).toEqual({ collection: 'tags', slug: 'news' });
    for (const route of ['posts/hello', 'posts/[slug]', '~no-such-collection/x', '~posts/a/b', null]) expect(parseEntryRoute(route)).toBeUndefined();
  });

  it('finds an entry’s page through its collection’s template', () => {
    expect(entryPageSlug(docs, 'posts', 'hello')).toBe('posts/hello');
    expect(entryPageSlug(docs, 'tags', 'news')).toBeUndefined();
    expect(entryPagePrefix(docs, 'posts')).toBe('posts/');
    expect(entryPagePrefix(docs, 'tags')).toBeUndefined();
  });
});
