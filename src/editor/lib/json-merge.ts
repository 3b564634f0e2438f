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
  if (sameJson(ours, theirs) || sameJson(base, theirs)) return { merged: ours };
  if (sameJson(base, ours)) return { merged: theirs };
  // Both changed it: go inside, where the changes may be to different fields.
  if (Array.isArray(base) && Array.isArray(ours) && Array.isArray(theirs) && sameShape(base, ours) && sameShape(base, theirs)) {
    const merged: unknown[] = [];
    for (let index = 0; index < base.length; index += 1) {
      const item = mergeJson(base[index], ours[index], theirs[index]);
      if (!item) return undefined;
      merged.push(item.merged);
    }
    return { merged };
  }
  if (isObject(base) && isObject(ours) && isObject(theirs)) {
    const merged: JsonObject = {};
    for (const key of new Set([...Object.keys(ours), ...Object.keys(theirs), ...Object.keys(base)])) {
      const field = mergeJson(base[key], ours[key], theirs[key]);
      if (!field) return undefined;
      if (field.merged !== undefined) merged[key] = field.merged;
    }
    return { merged };
  }
  return undefined;
}
