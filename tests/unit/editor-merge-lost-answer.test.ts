/**
 * apartFromTheirs (json-merge.ts): "two different items added on both sides under one id
 * are both kept". A save whose answer was lost (the server could not be asked either) had in fact
 * arrived with a new section; the user went on typing in that section and saved again. The 409 is
 * merged automatically: the section the server has (from this very tab) and the same section
 * typed further here are taken for two, and the page is saved with the section twice.
 */
import { describe, expect, it } from 'vitest';
import { addSection, editField, requestSave, saveConflicted, saveUnanswered } from '../../src/editor/lib/store/commands';
import type { ServerDoc } from '../../src/editor/lib/server-docs';
import { HOME, NOW, home, payload, start } from './editor-commands/fixture';

const sentOf = (state: ReturnType<typeof start>) => (state.save.status === 'saving' ? state.save.files.map((file) => ({ file, json: JSON.stringify(state.docs[file]!.data) })) : []);

describe('a section added in a save whose answer was lost', () => {
  it('is one section after the next save, not two (the server has it from this tab)', () => {
    const added = addSection(start('home'), { sectionType: 'faq', now: NOW });
    const index = home(added).sections.findIndex((section) => (section as { type?: string }).type === 'faq');
    const typed = editField(added, { file: HOME, path: ['sections', index, 'data', 'title'], value: 'Questions', now: NOW + 2000 });
    // The FAQ keeps its sample question: each Save asks first, and is answered "Save anyway".
    const first = requestSave(typed, { sampleTextConfirmed: true });
    const firstSent = sentOf(first);
    // The save arrives, but its answer is lost, and the server cannot be reached to ask.
    const lost = saveUnanswered(first, { sent: firstSent });
    // The user goes on typing in the new section, and saves again: 409, the server has v-2.
    const more = editField(lost, { file: HOME, path: ['sections', index, 'data', 'title'], value: 'Questions and answers', now: NOW + 10_000 });
    const second = requestSave(more, { sampleTextConfirmed: true });
    const server: ServerDoc[] = payload.docs.map((doc) => (doc.file === HOME ? { ...doc, data: JSON.parse(firstSent[0]!.json), version: 'v-2' } : doc));
    const merged = saveConflicted(second, { error: 'Changed', conflicts: [{ file: HOME, currentVersion: 'v-2' }], sent: sentOf(second), server });
    const faqs = home(merged).sections.filter((section) => (section as { type?: string }).type === 'faq');
    // Merged without asking, and sent again at once.
    expect(merged.save.status).toBe('saving');
    expect(merged.dialog).toBeNull();
    expect({ saving: merged.save.status, dialog: merged.dialog?.kind ?? null, faqs: faqs.map((faq) => [(faq as { id: string }).id, (faq as { data: { title: string } }).data.title]) }).toMatchObject({ faqs: [[expect.any(String), 'Questions and answers']] });
  });
});
