/** A document and what it became elsewhere, named side by side in the “renamed since you opened it” dialog. */
import { describe, expect, it } from 'vitest';
import { docsFromPayload, type Docs } from '../../src/editor/lib/model';
import { movedNames } from '../../src/editor/lib/moved-names';
import { HOME, payload, POST } from './editor-commands/fixture';

const docs = docsFromPayload(payload);
const MOVED = 'collections/posts/hi.json';
const withMoved = (from: Docs, file: string, saveSlug: string, data: unknown): Docs => ({ ...from, [file]: { ...from[POST]!, file, saveSlug, data, savedJson: JSON.stringify(data) } });

describe('movedNames', () => {
  it('names a post whose address changed, not its title, by its addresses (it said “Post “Hello” was renamed to Post “Hello””)', () => {
    const template = { file: 'pages/posts/[slug].json', kind: 'page' as const, saveSlug: 'posts/[slug]', data: { id: 'post-page', slug: 'posts/[slug]', template: { collection: 'posts' }, meta: { title: 'Post' }, sections: [] }, savedJson: '', version: 'v9' };
    const site = { ...docs, [template.file]: template };
    expect(movedNames(site, POST, withMoved(site, MOVED, 'posts/hi', site[POST]!.data), MOVED)).toEqual({ from: 'Post “Hello” (/posts/hello/)', to: 'Post “Hello” (/posts/hi/)' });
  });

  it('as saved: an unsaved new title here is not what was renamed', () => {
    const edited = { ...docs, [POST]: { ...docs[POST]!, data: { ...(docs[POST]!.data as object), title: 'Edited here' } } };
    expect(movedNames(edited, POST, withMoved(docs, MOVED, 'posts/hi', docs[POST]!.data), MOVED)).toEqual({ from: 'Post “Hello” (hello)', to: 'Post “Hello” (hi)' });
  });

  it('by their file’s names where the collection has no page, and by their names alone when those differ', () => {
    expect(movedNames(docs, POST, withMoved(docs, MOVED, 'posts/hi', docs[POST]!.data), MOVED)).toEqual({ from: 'Post “Hello” (hello)', to: 'Post “Hello” (hi)' });
    expect(movedNames(docs, POST, withMoved(docs, MOVED, 'posts/hi', { ...(docs[POST]!.data as object), title: 'Hi' }), MOVED)).toEqual({ from: 'Post “Hello”', to: 'Post “Hi”' });
    const START = 'pages/start.json';
    const moved = { ...docs, [START]: { ...docs[HOME]!, file: START, saveSlug: 'start' } };
    expect(movedNames(docs, HOME, moved, START)).toEqual({ from: 'Page “Home” (/)', to: 'Page “Home” (/start/)' });
  });
});
