/** How a draft on offer is described in the restore banner and in the question before Discard. */
import { describe, expect, it } from 'vitest';
import { offeredDraftChanges, offeredDraftName } from '../../src/editor/lib/draft-offer';
import type { Recoverable } from '../../src/editor/lib/drafts';
import { docsFromPayload } from '../../src/editor/lib/model';
import { HOME, homePage, payload, POST } from './editor-commands/fixture';

const docs = docsFromPayload(payload);
const offer = (file: string, data: unknown, isNew = false): Recoverable => ({ draft: { file, data, baseVersion: isNew ? null : 'v1', savedAt: 1 }, changedOnDisk: false, isNew, keys: ['k'], savedAt: [1] });

describe('a draft on offer', () => {
  it('is named by its title as the draft has it, and by the fields it changed in the forms’ words (the banner named only the document)', () => {
    const hero = homePage.sections[1] as { data: object };
    const sections = homePage.sections.map((section, index) => (index === 1 ? { ...(section as object), data: { ...hero.data, title: 'Spring sale' } } : section));
    const draft = offer(HOME, { ...homePage, meta: { ...homePage.meta, title: 'Start' }, sections });
    expect(offeredDraftName(docs, draft)).toBe('Page “Home” (/)');
    expect(offeredDraftChanges(docs, draft)).toBe('Page settings › SEO title, Hero › Title');
  });

  it('of an entry renamed in it: by the new title', () => {
    const draft = offer(POST, { ...(payload.docs[3]!.data as object), title: 'Hello again', body: 'Hi there' });
    expect(offeredDraftName(docs, draft)).toBe('Post “Hello again”');
    expect(offeredDraftChanges(docs, draft)).toBe('Post › Title, Post › Body');
  });

  it('of a page never saved: all of it, said so', () => {
    const draft = offer('pages/team.json', { ...homePage, id: 'team', slug: 'team', meta: { title: 'Team' } }, true);
    expect(offeredDraftName(docs, draft)).toBe('Page “Team” (/team/), new');
    expect(offeredDraftChanges(docs, draft)).toBe('everything in it (it was never saved)');
  });
});
