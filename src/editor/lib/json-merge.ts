/**
 * Three-way merge of JSON documents: two sets of edits made from one base (two tabs' drafts of a
 * page, or unsaved edits and a change someone saved since) are combined field by field, and
 * refused when both changed the same field differently. Nothing is ever chosen for the user.
 */

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether two JSON values are equal, whatever the order of their keys (a server may write keys in its own order). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => sameJson(item, b[index]));
  }
  if (!isObject(a) || !isObject(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && sameJson(a[key], b[key]));
}

/** Sections and list items are told apart by their `id` where they have one; a list whose ids moved is merged whole, not by position. */
const idOf = (item: unknown) => (isObject(item) && typeof item.id === 'string' ? item.id : undefined);
const sameShape = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((item, index) => idOf(item) === idOf(b[index]));

/** `{ merged }`, or undefined when `ours` and `theirs` changed the same value of `base` in different ways. */
export function mergeJson(base: unknown, ours: unknown, theirs: unknown): { merged: unknown } | undefined {
  const { merged, clashes } = mergeJsonKeeping(base, ours, theirs, 'ours');
  return clashes.length === 0 ? { merged } : undefined;
}

/** Where in a document a value is: object keys and list indexes. */
export type JsonPath = (string | number)[];

/**
 * The merge, with each value changed both ways (a clash) taken from `keep`'s side, and where the
 * clashes were: after a save refused over someone's edit, the user picks a side for those values
 * alone, and every other change of either side is kept.
 */
export function mergeJsonKeeping(base: unknown, ours: unknown, theirs: unknown, keep: 'ours' | 'theirs', at: JsonPath = [], clashes: JsonPath[] = []): { merged: unknown; clashes: JsonPath[] } {
  const done = (merged: unknown) => ({ merged, clashes });
  if (sameJson(ours, theirs) || sameJson(base, theirs)) return done(ours);
  if (sameJson(base, ours)) return done(theirs);
  // Both changed it: go inside, where the changes may be to different fields.
  if (Array.isArray(base) && Array.isArray(ours) && Array.isArray(theirs) && sameShape(base, ours) && sameShape(base, theirs)) {
    return done(base.map((item, index) => mergeJsonKeeping(item, ours[index], theirs[index], keep, [...at, index], clashes).merged));
  }
  if (isObject(base) && isObject(ours) && isObject(theirs)) {
    const merged: JsonObject = {};
    for (const key of new Set([...Object.keys(ours), ...Object.keys(theirs), ...Object.keys(base)])) {
      const field = mergeJsonKeeping(base[key], ours[key], theirs[key], keep, [...at, key], clashes).merged;
      if (field !== undefined) merged[key] = field;
    }
    return done(merged);
  }
  clashes.push(at);
  return done(keep === 'ours' ? ours : theirs);
}
