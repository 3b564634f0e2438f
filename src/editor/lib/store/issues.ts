/**
 * What is wrong with each document, as the editor checks it on every
 * keystroke. Documents are replaced, never changed, so a document's issues
 * are cached by its identity: an edit re-checks one document (and within a
 * page, one section: see ../validate.ts), and the rest hit the cache.
 */
import { sectionRegistry } from '../../../sections/registry';
import { type Docs, type EditorDoc } from '../model';
import { knownEntries } from '../entries';
import { entryIssues, pageIssues, sectionIssues, type IssueMap } from '../validate';
import { isSettingsFile, settingsIssues } from '../site-settings';

export const NO_ISSUES: IssueMap = new Map();

const checkedDocs = new WeakMap<EditorDoc, IssueMap>();

/** The slugs of each collection's entries in `docs`, with a key that changes only when they do. */
const knownByDocs = new WeakMap<Docs, { sets: Record<string, ReadonlySet<string>>; key: string }>();
function knownIn(docs: Docs) {
  let known = knownByDocs.get(docs);
  if (!known) {
    const sets = knownEntries(docs);
    known = { sets, key: JSON.stringify(Object.entries(sets).map(([name, slugs]) => [name, [...slugs]])) };
    knownByDocs.set(docs, known);
  }
  return known;
}
const checkedEntries = new WeakMap<EditorDoc, { key: string; issues: IssueMap }>();

/** Issues of one document; the same map while the doc is unchanged (for an entry: and the entries it may name). */
export function docIssues(doc: EditorDoc, docs: Docs): IssueMap {
  if (doc.kind === 'entry') {
    const known = knownIn(docs);
    const cached = checkedEntries.get(doc);
    if (cached && cached.key === known.key) return cached.issues;
    const issues = entryIssues(doc.saveSlug.split('/')[0]!, doc.data, known.sets);
    checkedEntries.set(doc, { key: known.key, issues });
    return issues;
  }
  let issues = checkedDocs.get(doc);
  if (!issues) {
    const type = (doc.data as { type?: unknown })?.type;
    issues =
      doc.kind === 'page' ? pageIssues(doc.data)
      : doc.kind === 'shared' && isSettingsFile(doc.file) ? settingsIssues(doc.data)
      : doc.kind === 'shared' && typeof type === 'string' && sectionRegistry.has(type) ? sectionIssues(doc.data)
      : NO_ISSUES;
    checkedDocs.set(doc, issues);
  }
  return issues;
}

/** Issues under `prefix.` with the prefix removed. */
export function issuesUnder(issues: IssueMap, prefix: string): IssueMap {
  if (!prefix) return issues;
  const scoped = new Map<string, string>();
  for (const [key, message] of issues) if (key === prefix || key.startsWith(`${prefix}.`)) scoped.set(key.slice(prefix.length + 1), message);
  return scoped;
}

/** How many of a page's issues fall under each section index: `sections.3` and `sections.3.…` count for 3. */
export function countBySection(issues: IssueMap): Map<number, number> {
  const counts = new Map<number, number>();
  for (const key of issues.keys()) {
    const [head, index] = key.split('.', 2);
    if (head === 'sections' && index !== undefined) counts.set(Number(index), (counts.get(Number(index)) ?? 0) + 1);
  }
  return counts;
}

/** Both maps in one; `later` wins where both have a key. */
export const mergeIssues = (earlier: IssueMap | undefined, later: IssueMap | undefined): IssueMap =>
  !earlier?.size ? (later ?? NO_ISSUES) : !later?.size ? earlier : new Map([...earlier, ...later]);
