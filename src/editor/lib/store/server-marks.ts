/**
 * The marks a refused save leaves on fields, as the form shows them. The server judged the content
 * it was sent (a link to an image not uploaded), so a mark shows while its field holds the value
 * judged, and only then: retyped, the mark goes; undone back to the refused value, it is back, as
 * the next save would refuse it again. A mark inside a section follows the section (by its id)
 * wherever it was moved since, and goes with it when it is removed; it once stayed at its old
 * position, on whichever section came there. The other fields' marks stay until their values change
 * or the next save judges anew.
 */
import { getAt } from '../model';
import type { IssueMap } from '../validate';

/** What the server said of one file: its issues, by field key, and the file's data it judged. */
export interface ServerMarks {
  issues: IssueMap;
  judged: unknown;
}

/** The value at a field key (`sections.1.data.title`; '' is the whole document). */
const valueAt = (data: unknown, key: string): unknown => (key === '' ? data : getAt(data, key.split('.')));

const sectionsOf = (data: unknown): unknown[] | undefined => {
  const sections = (data as { sections?: unknown } | null | undefined)?.sections;
  return Array.isArray(sections) ? sections : undefined;
};
const idOf = (section: unknown) => (section as { id?: unknown } | null | undefined)?.id;

/** Where a key judged in `judged` is in `current`: the same place, or its section's new one; undefined when its section is gone. */
function keyNow(key: string, judged: unknown, current: unknown): string | undefined {
  const [head, index, ...rest] = key.split('.');
  if (head !== 'sections' || index === undefined || !/^\d+$/.test(index)) return key;
  const id = idOf(sectionsOf(judged)?.[Number(index)]);
  // A shared section (a $ref) or one without an id is known by its place alone.
  if (typeof id !== 'string') return key;
  const found = sectionsOf(current)?.findIndex((section) => idOf(section) === id) ?? -1;
  return found === -1 ? undefined : ['sections', String(found), ...rest].join('.');
}

// Commands share the subtrees they leave alone, so identity settles most fields without serialising.
const sameValue = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** The server's marks on a file as its data is now: those whose field still holds the value judged, at the field's current key. */
export function shownServerIssues(marks: ServerMarks | undefined, current: unknown): IssueMap | undefined {
  if (marks === undefined || marks.judged === current) return marks?.issues;
  const shown = new Map<string, string>();
  for (const [key, message] of marks.issues) {
    const now = keyNow(key, marks.judged, current);
    if (now !== undefined && sameValue(valueAt(marks.judged, key), valueAt(current, now))) shown.set(now, message);
  }
  return shown;
}
