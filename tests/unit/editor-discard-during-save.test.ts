/**
 * A review: Discard new page is offered (and acts) while a save that sends that very page is in
 * flight. The save lands and creates the page on the server, but the editor has dropped it and said
 * it "was never saved"; Undo then brings it back as a NEW page (version null), whose next save is
 * refused as a taken address and moves it to /team-2/: the page is duplicated.
 */
import { describe, expect, it } from 'vitest';
import { createPage, discardNewDocument, editField, requestSave, saveConflicted, saveSucceeded, travel } from '../../src/editor/lib/store/commands';
import type { ServerDoc } from '../../src/editor/lib/server-docs';
import { NOW, payload, start } from './editor-commands/fixture';

const TEAM = 'pages/team.json';

describe('Discard new page during the save that creates it', () => {
  it('is refused (or waits) while the page is being saved, so the editor never loses track of a page the server has', () => {
    const created = createPage(start(), { slug: 'team', title: 'Team', now: NOW });
    const typed = editField(created, { file: TEAM, path: ['meta', 'title'], value: 'Our team', now: NOW + 5000 });
    const saving = requestSave(typed, {});
    expect(saving.save).toMatchObject({ status: 'saving', files: [TEAM] });
    const sentJson = JSON.stringify(saving.docs[TEAM]!.data);
    // The user clicks "Discard new page" while the save is in flight: the button is there (version still null).
    const discarded = discardNewDocument(saving, { file: TEAM, now: NOW + 6000 });
    // The save lands: the server created pages/team.json.
    const landed = saveSucceeded(discarded, { saved: [{ file: TEAM, version: 'v-team', json: sentJson }], now: NOW + 7000 });
    // The page the server now has must still be known to the editor (or the discard must not have happened).
    expect(landed.docs[TEAM], 'the editor dropped a page the save just created on the server').toBeDefined();
  });

  it('Undo of that discard then makes a second copy of the page (/team-2/) on the next save', () => {
    const created = createPage(start(), { slug: 'team', title: 'Team', now: NOW });
    const typed = editField(created, { file: TEAM, path: ['meta', 'title'], value: 'Our team', now: NOW + 5000 });
    const saving = requestSave(typed, {});
    const sentJson = JSON.stringify(saving.docs[TEAM]!.data);
    const discarded = discardNewDocument(saving, { file: TEAM, now: NOW + 6000 });
    const landed = saveSucceeded(discarded, { saved: [{ file: TEAM, version: 'v-team', json: sentJson }], now: NOW + 7000 });
    // Undo brings it back as never saved, and the next save duplicates it at another address.
    const undone = travel(landed, { steps: -1, now: NOW + 8000 });
    const again = requestSave(undone, {});
    const server: ServerDoc[] = [...payload.docs, { file: TEAM, kind: 'page', saveSlug: 'team', data: JSON.parse(sentJson), version: 'v-team' }];
    const refused = saveConflicted(again, { error: 'exists', conflicts: [{ file: TEAM, currentVersion: 'v-team' }], sent: [], server });
    expect(Object.keys(refused.docs).filter((file) => file.startsWith('pages/team'))).toEqual([TEAM]);
  });
});
