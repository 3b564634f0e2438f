/**
 * server-refresh.ts (withServerDocs): a document "new there" is added to the editor, but
 * the history is left holding, at that same file, the data of a different document: one created
 * here and discarded (or its creation undone). Undo (or Redo) then writes our data onto THEIR
 * document, keeping their version, so the next Save overwrites the page saved elsewhere without a
 * conflict.
 */
import { describe, expect, it } from 'vitest';
import { createPage, discardNewDocument, editField, requestSave, saveRejected, travel } from '../../src/editor/lib/store/commands';
import type { StoredPage } from '../../src/editor/lib/model';
import type { ServerDoc } from '../../src/editor/lib/server-docs';
import { HOME, NOW, payload, start } from './editor-commands/fixture';

const TEAM = 'pages/team.json';
const theirTeam: StoredPage = { id: 'team', slug: 'team', meta: { title: 'Their team page' }, sections: [{ $ref: '../shared/header.json' }, { $ref: '../shared/footer.json' }] };

describe('a page taken in from the server at an address the history holds for another', () => {
  it('Undo of "Discard new page" does not put our page onto theirs (same version: the next Save overwrites it)', () => {
    // Here: a page /team/ made, titled, then discarded (Undo brings it back, says the notice).
    const created = createPage(start(), { slug: 'team', title: 'Team', now: NOW });
    const typed = editField(created, { file: TEAM, path: ['meta', 'title'], value: 'Our draft team page', now: NOW + 2000 });
    const discarded = discardNewDocument(typed, { file: TEAM, now: NOW + 4000 });
    // Meanwhile a colleague saves their own /team/. A save here is refused (invalid), and the editor takes the server's documents in.
    const edited = editField(discarded, { file: HOME, path: ['meta', 'description'], value: 'Changed', now: NOW + 6000 });
    const server: ServerDoc[] = [...payload.docs, { file: TEAM, kind: 'page', saveSlug: 'team', data: theirTeam, version: 'v-theirs' }];
    const refused = saveRejected(requestSave(edited, {}), { error: 'Invalid.', issues: [], server });
    expect(refused.docs[TEAM]).toMatchObject({ version: 'v-theirs', data: { meta: { title: 'Their team page' } } });
    // Undo the home edit, then the discard.
    const undone = travel(refused, { steps: -2, now: NOW + 8000 });
    const team = undone.docs[TEAM]!;
    const next = requestSave(undone, {});
    const sendsOursOverTheirs = team.version === 'v-theirs' && (team.data as StoredPage).meta.title === 'Our draft team page' && next.save.status === 'saving' && next.save.files.includes(TEAM);
    expect({ version: team.version, title: (team.data as StoredPage).meta.title, sendsOursOverTheirs }).toMatchObject({ sendsOursOverTheirs: false });
  });
});
