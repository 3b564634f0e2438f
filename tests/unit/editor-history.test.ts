import { describe, expect, it } from 'vitest';
import { applySnapshot, COALESCE_MS, emptyHistory, MAX_STEPS, record, redo, savingNow, snapshotOf, stepNames, undo, withSaveLanded, type History } from '../../src/editor/lib/history';
import { docsFromPayload, setAt, type Docs } from '../../src/editor/lib/model';

const docs: Docs = docsFromPayload({
  problems: [],
  maxUploadBytes: 10 * 1024 * 1024,
  docs: [
    { file: 'pages/home.json', kind: 'page', saveSlug: 'home', data: { title: 'A', sections: [{ id: 's1' }, { id: 's2' }] }, version: 'v1' },
    { file: 'shared/footer.json', kind: 'shared', saveSlug: 'shared/footer', data: { copyright: '©' }, version: 'v2' },
  ],
});
const edit = (current: Docs, file: string, path: (string | number)[], value: unknown): Docs => ({
  ...current,
  [file]: { ...current[file]!, data: setAt(current[file]!.data, path, value) },
});

describe('editor history', () => {
  it('undoes and redoes edits with their labels', () => {
    let history: History = emptyHistory;
    history = record(history, snapshotOf(docs), 'Edit page title', 'title', 0);
    const edited = edit(docs, 'pages/home.json', ['title'], 'B');
    const undone = undo(history, edited)!;
    expect(undone.label).toBe('Edit page title');
    expect((undone.docs['pages/home.json']!.data as { title: string }).title).toBe('A');
    const redone = redo(undone.history, undone.docs)!;
    expect((redone.docs['pages/home.json']!.data as { title: string }).title).toBe('B');
    expect(undo(emptyHistory, docs)).toBeUndefined();
    expect(redo(emptyHistory, docs)).toBeUndefined();
  });

  it('coalesces typing in one field into one step, but not across fields or pauses', () => {
    let history: History = emptyHistory;
    for (let t = 0; t < 5; t += 1) history = record(history, snapshotOf(docs), 'Edit hero title', 'home/title', t * 100);
    expect(history.past).toHaveLength(1);
    history = record(history, snapshotOf(docs), 'Edit hero subtitle', 'home/subtitle', 600);
    expect(history.past).toHaveLength(2);
    history = record(history, snapshotOf(docs), 'Edit hero subtitle', 'home/subtitle', 600 + COALESCE_MS + 1);
    expect(history.past).toHaveLength(3);
    history = record(history, snapshotOf(docs), 'Move hero up', undefined, 5000);
    history = record(history, snapshotOf(docs), 'Move hero up', undefined, 5001);
    expect(history.past).toHaveLength(5);
  });

  it('keeps the first snapshot of a coalesced step, so one undo reverts the whole word', () => {
    let current = docs;
    let history: History = emptyHistory;
    for (const [t, text] of ['H', 'He', 'Hey'].entries()) {
      history = record(history, snapshotOf(current), 'Edit title', 'title', t * 50);
      current = edit(current, 'pages/home.json', ['title'], text);
    }
    expect((undo(history, current)!.docs['pages/home.json']!.data as { title: string }).title).toBe('A');
  });

  it('is bounded, and shares unchanged data between steps', () => {
    let current = docs;
    let history: History = emptyHistory;
    for (let i = 0; i < MAX_STEPS + 50; i += 1) {
      history = record(history, snapshotOf(current), `Edit ${i}`, undefined, i);
      current = edit(current, 'pages/home.json', ['title'], `T${i}`);
    }
    expect(history.past).toHaveLength(MAX_STEPS);
    const [first, second] = history.past;
    const sectionsOf = (step: typeof first) => (step!.snapshot['pages/home.json'] as { sections: unknown }).sections;
    expect(sectionsOf(first)).toBe(sectionsOf(second));
    expect(first!.snapshot['shared/footer.json']).toBe(second!.snapshot['shared/footer.json']);
  });

  it('survives a save: undo restores data but keeps what is known about the files on disk', () => {
    const history = record(emptyHistory, snapshotOf(docs), 'Edit footer', 'copyright', 0);
    const edited = edit(docs, 'shared/footer.json', ['copyright'], '© New');
    const saved: Docs = { ...edited, 'shared/footer.json': { ...edited['shared/footer.json']!, version: 'v3', savedJson: JSON.stringify({ copyright: '© New' }) } };
    const undone = undo(history, saved)!.docs['shared/footer.json']!;
    expect(undone).toMatchObject({ data: { copyright: '©' }, version: 'v3' });
    expect(undone.savedJson).toBe(JSON.stringify({ copyright: '© New' }));
  });

  it('removes a new, unsaved page when undoing its creation, and brings it back on redo', () => {
    const history = record(emptyHistory, snapshotOf(docs), 'Create page /new', undefined, 0);
    const created: Docs = { ...docs, 'pages/new.json': { file: 'pages/new.json', kind: 'page', saveSlug: 'new', data: { id: 'new' }, savedJson: '', version: null } };
    const undone = undo(history, created)!;
    expect(undone.docs['pages/new.json']).toBeUndefined();
    expect(applySnapshot(docs, snapshotOf(created))['pages/new.json']).toBeUndefined(); // only redo, which knows the doc, can restore it
  });
});

describe('stepNames (the History menu tells steps of one label apart by their time)', () => {
  const clock = (at: number, seconds: boolean) => {
    const date = new Date(at);
    const two = (n: number) => String(n).padStart(2, '0');
    return `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}${seconds ? `:${two(date.getUTCSeconds())}` : ''}`;
  };
  const at = (time: string) => Date.parse(`2026-11-28T${time}Z`);

  it('gives each step its minute, and seconds only to steps that would read alike', () => {
    const steps = [
      { label: 'Edit Hero › Title', at: at('14:32:05') },
      { label: 'Move Hero down', at: at('14:32:20') },
      { label: 'Edit Hero › Title', at: at('14:32:41') },
      { label: 'Edit Hero › Title', at: at('14:35:00') },
    ];
    expect(stepNames(steps, clock)).toEqual([
      { label: 'Edit Hero › Title', time: '14:32:05' },
      { label: 'Move Hero down', time: '14:32' },
      { label: 'Edit Hero › Title', time: '14:32:41' },
      { label: 'Edit Hero › Title', time: '14:35' },
    ]);
  });

  it('reads the clock in the browser’s own format by default', () => {
    const [step] = stepNames([{ label: 'Add FAQ', at: at('09:05:00') }]);
    expect(step!.label).toBe('Add FAQ');
    expect(step!.time).toBe(new Date(at('09:05:00')).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' }));
  });
});

describe('the save point (the History menu marks where the last save was)', () => {
  const step = (history: History, label: string, at: number, key?: string) => record(history, snapshotOf(docs), label, key, at);
  /** A save asked for now that lands after `during` ran on the history. */
  const saved = (history: History, during: (history: History) => History = (same) => same) => withSaveLanded(during(savingNow(history)));

  it('stays where the save was through undo and redo, and goes when a new edit replaces the steps after it', () => {
    let history = saved(step(step(emptyHistory, 'A', 0), 'B', 5000));
    expect(history.savedAt).toBe(2);
    history = undo(history, docs)!.history;
    expect(history.savedAt).toBe(2);
    history = step(history, 'C', 9000);
    expect(history.savedAt).toBeUndefined();
  });

  it('follows the steps when the oldest are dropped, and goes with them', () => {
    let history: History = emptyHistory;
    for (let n = 0; n < MAX_STEPS; n += 1) history = step(history, `Edit ${n}`, n * 5000);
    history = saved(history, (during) => step(during, 'typed during the save', MAX_STEPS * 5000));
    expect(history.savedAt).toBe(MAX_STEPS - 1);
    expect(history.past).toHaveLength(MAX_STEPS);
    for (let n = 0; n < MAX_STEPS - 1; n += 1) history = step(history, `More ${n}`, (MAX_STEPS + 1 + n) * 5000);
    expect(history.savedAt).toBe(0);
    expect(step(history, 'and another', (MAX_STEPS * 3) * 5000).savedAt).toBeUndefined();
  });

  it('seals the last step as a save starts, so typing on does not merge into what was saved', () => {
    const typing = step(emptyHistory, 'Edit Title', 0, 'title');
    expect(step(typing, 'Edit Title', 100, 'title').past).toHaveLength(1);
    expect(step(savingNow(typing), 'Edit Title', 100, 'title').past).toHaveLength(2);
  });

  it('marks the step a save sent, after an undo during the save: the step to redo', () => {
    const history = saved(step(step(emptyHistory, 'A', 0), 'B', 5000), (during) => undo(during, docs)!.history);
    expect(history.past).toHaveLength(1);
    expect(history.future).toHaveLength(1);
    expect(history.savedAt).toBe(2);
  });

  it('marks no step when an undo and a new edit during the save dropped the state it sent (the mark went on the new edit, never saved)', () => {
    const history = saved(step(step(emptyHistory, 'A', 0), 'B', 5000), (during) => step(undo(during, docs)!.history, 'C', 9000));
    expect(history.past.map((entry) => entry.label)).toEqual(['A', 'C']);
    expect(history.savedAt).toBeUndefined();
    // The earlier save point, of a state no longer on disk, goes too.
    const first = saved(step(step(emptyHistory, 'A', 0), 'B', 5000));
    expect(first.savedAt).toBe(2);
    const twice = saved(step(first, 'C', 9000), (during) => step(undo(during, docs)!.history, 'D', 14000));
    expect(twice.past.map((entry) => entry.label)).toEqual(['A', 'B', 'D']);
    expect(twice.savedAt).toBeUndefined();
  });
});

describe('a new page in the history', () => {
  it('comes back with its edits when its creation is undone and then redone (it was gone for good)', () => {
    const page = { file: 'pages/launch.json', kind: 'page' as const, saveSlug: 'launch', data: { title: 'Launch' }, savedJson: '', version: null };
    let history = record(emptyHistory, snapshotOf(docs), 'Create page /launch', undefined, 0);
    const created: Docs = { ...docs, [page.file]: page };
    history = record(history, snapshotOf(created), 'Edit title', 'launch/title', 5_000);
    const edited = edit(created, page.file, ['title'], 'Launch notes');

    const once = undo(history, edited)!;
    const twice = undo(once.history, once.docs)!;
    expect(twice.docs[page.file]).toBeUndefined();
    const back = redo(twice.history, twice.docs)!;
    expect(back.docs[page.file]).toMatchObject({ kind: 'page', saveSlug: 'launch', version: null, data: { title: 'Launch' } });
    const again = redo(back.history, back.docs)!;
    expect(again.docs[page.file]!.data).toEqual({ title: 'Launch notes' });
    // And back down again, and up: the page is made each time it is needed.
    const down = undo(undo(again.history, again.docs)!.history, undo(again.history, again.docs)!.docs)!;
    expect(down.docs[page.file]).toBeUndefined();
    expect(redo(down.history, down.docs)!.docs[page.file]).toBeDefined();
  });

  it('is not made again by a step that never had it', () => {
    const history = record(emptyHistory, snapshotOf(docs), 'Edit page title', 'title', 0);
    const redone = redo(undo(history, edit(docs, 'pages/home.json', ['title'], 'B'))!.history, docs)!;
    expect(Object.keys(redone.docs).sort()).toEqual(Object.keys(docs).sort());
  });
});
