/** What another open tab's unsaved changes do with an image or a document about to be deleted or renamed here. */
import { describe, expect, it } from 'vitest';
import { openElsewhereDrafts, persistDrafts, type DraftStore } from '../../src/editor/lib/drafts';
import { docsFromPayload } from '../../src/editor/lib/model';
import { usesInOtherTabs } from '../../src/editor/lib/other-tabs-uses';
import { HOME, homePage, payload, POST } from './editor-commands/fixture';

const docs = docsFromPayload(payload);
const IMAGE = '/assets/images/team.png';

function memoryStore(): DraftStore {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
    get length() { return map.size; },
    key: (index) => [...map.keys()][index] ?? null,
  };
}

/** The home page with the image put in its hero, unsaved, in another tab. */
const homeWithImage = () => {
  const sections = homePage.sections.map((section, index) => (index === 1 ? { ...(section as object), data: { ...(section as { data: object }).data, image: { url: IMAGE, alt: 'The team' } } } : section));
  return { ...docs[HOME]!, data: { ...homePage, sections } };
};

describe('usesInOtherTabs', () => {
  it('names an image another open tab has put on a page, unsaved (the delete dialog said nothing used it)', () => {
    const store = memoryStore();
    persistDrafts(store, 'tab-a', { ...docs, [HOME]: homeWithImage() }, 5, undefined, 'grace');
    const drafts = openElsewhereDrafts(store, 'tab-b', new Set(['tab-a', 'tab-b']), 'grace');
    const found = usesInOtherTabs(docs, drafts, { type: 'image', url: IMAGE });
    expect(found.uses).toEqual([{ file: HOME, name: 'Page “Home” (/)', pointers: ['/sections/1/data/image/url'] }]);
    // Named by the document as that tab has it.
    expect(found.docs[HOME]!.data).toEqual(homeWithImage().data);
  });

  it('leaves out a closed tab’s drafts (those are offered for recovery) and uses this tab’s documents already show', () => {
    const store = memoryStore();
    persistDrafts(store, 'tab-a', { ...docs, [HOME]: homeWithImage() }, 5, undefined, 'grace');
    expect(openElsewhereDrafts(store, 'tab-b', new Set(['tab-b']), 'grace')).toEqual([]);
    const drafts = openElsewhereDrafts(store, 'tab-b', new Set(['tab-a', 'tab-b']), 'grace');
    expect(usesInOtherTabs({ ...docs, [HOME]: homeWithImage() }, drafts, { type: 'image', url: IMAGE }).uses).toEqual([]);
    // Another user's open tab is theirs: not looked into.
    expect(openElsewhereDrafts(store, 'tab-b', new Set(['tab-a', 'tab-b']), 'bob')).toEqual([]);
  });

  it('finds a document another tab has started to use: a tag put on a post, unsaved', () => {
    const store = memoryStore();
    persistDrafts(store, 'tab-a', { ...docs, [POST]: { ...docs[POST]!, data: { ...(docs[POST]!.data as object), tags: ['news'] } } }, 5, undefined, 'grace');
    const drafts = openElsewhereDrafts(store, 'tab-b', new Set(['tab-a']), 'grace');
    expect(usesInOtherTabs(docs, drafts, { type: 'doc', file: 'collections/tags/news.json' }).uses).toEqual([{ file: POST, name: 'Post “Hello”', pointers: ['/tags/0'] }]);
  });
});
