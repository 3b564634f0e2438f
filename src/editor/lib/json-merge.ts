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

/** Sections and list items are told apart by their `id` where they have one; a shared section by its `$ref`. */
export const idOf = (item: unknown) => (!isObject(item) ? undefined : typeof item.id === 'string' ? item.id : typeof item.$ref === 'string' ? `$ref ${item.$ref}` : undefined);
/** A list whose every item has an id of its own: merged item by item, wherever each one moved. */
const isKeyed = (list: readonly unknown[]) => list.every((item) => idOf(item) !== undefined) && new Set(list.map(idOf)).size === list.length;

/** `{ merged }`, or undefined when `ours` and `theirs` changed the same value of `base` in different ways. */
export function mergeJson(base: unknown, ours: unknown, theirs: unknown): { merged: unknown } | undefined {
  const { merged, clashes } = mergeJsonKeeping(base, ours, theirs, 'ours');
  return clashes.length === 0 ? { merged } : undefined;
}

/** Where in a document a value is: object keys and list indexes (in `ours`, where the merge reports it). */
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
  if (Array.isArray(base) && Array.isArray(ours) && Array.isArray(theirs)) {
    if (isKeyed(base) && isKeyed(ours) && isKeyed(theirs)) return done(mergeKeyedLists(base, ours, theirs, keep, at, clashes));
    // Items without ids are known only by their place, and a side that moved one changed both places
    // it was in: merged place by place only where no place was changed on both sides, or where the
    // item there has the same id on all three (a list repeating an id: the same shared section twice).
    const samePlaces = base.length === ours.length && base.length === theirs.length;
    const sameItem = (index: number) => idOf(base[index]) !== undefined && idOf(base[index]) === idOf(ours[index]) && idOf(base[index]) === idOf(theirs[index]);
    if (samePlaces && base.every((item, index) => sameJson(item, ours[index]) || sameJson(item, theirs[index]) || sameItem(index))) {
      return done(
        base.map((item, index) =>
          sameItem(index) ? mergeJsonKeeping(item, ours[index], theirs[index], keep, [...at, index], clashes).merged : sameJson(item, ours[index]) ? theirs[index] : ours[index],
        ),
      );
    }
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

/** The ids of `list` that `others` has too, in `list`'s order. */
const orderOf = (list: readonly unknown[], others: ReadonlySet<string>) => list.map(idOf).filter((id): id is string => others.has(id!));

/**
 * Lists of items with ids (sections, most lists of a section): an item added on either side is
 * kept where it was added, one removed on one side and left alone on the other is removed, and
 * an item both kept is merged within. Removed on one side and changed on the other, or moved
 * differently on both, is a clash of the whole list, settled by `keep`.
 */
function mergeKeyedLists(base: unknown[], oursAsIs: unknown[], theirs: unknown[], keep: 'ours' | 'theirs', at: JsonPath, clashes: JsonPath[]): unknown[] {
  const ours = apartFromTheirs(base, oursAsIs, theirs);
  const byId = (list: unknown[]) => new Map(list.map((item, index) => [idOf(item)!, { item, index }]));
  const [inBase, inOurs, inTheirs] = [byId(base), byId(ours), byId(theirs)];
  const everywhere = new Set([...inBase.keys()].filter((id) => inOurs.has(id) && inTheirs.has(id)));
  const order = (list: unknown[]) => orderOf(list, everywhere).join('\n');
  const [oursMoved, theirsMoved] = [order(ours) !== order(base), order(theirs) !== order(base)];
  if (oursMoved && theirsMoved && order(ours) !== order(theirs)) clashes.push(at);
  const lead = theirsMoved && (!oursMoved || keep === 'theirs') ? theirs : ours;
  const other = lead === ours ? theirs : ours;

  /** The item `id` becomes in the merged list, or undefined when it goes. */
  const mergedItem = (id: string): { item: unknown } | undefined => {
    const [b, o, t] = [inBase.get(id), inOurs.get(id), inTheirs.get(id)];
    if (o && t) return { item: mergeJsonKeeping(b?.item, o.item, t.item, keep, [...at, o.index], clashes).merged };
    const kept = o ?? t;
    if (!kept) return undefined; // removed on both sides
    if (!b) return { item: kept.item }; // added on one side
    if (sameJson(kept.item, b.item)) return undefined; // removed on one side, left alone on the other
    clashes.push(at); // removed on one side, changed on the other
    return (keep === 'ours' ? o : t) && { item: kept.item };
  };

  const merged: { id: string; item: unknown }[] = [];
  for (const item of lead) {
    const result = mergedItem(idOf(item)!);
    if (result) merged.push({ id: idOf(item)!, ...result });
  }
  // The other side's items the lead has not: each goes after the item it follows there.
  let after = -1;
  for (const item of other) {
    const id = idOf(item)!;
    const placed = merged.findIndex((entry) => entry.id === id);
    if (placed >= 0) {
      after = placed;
      continue;
    }
    const result = (lead === ours ? inOurs : inTheirs).has(id) ? undefined : mergedItem(id);
    if (result) merged.splice((after += 1), 0, { id, ...result });
  }
  return merged.map(({ item }) => item);
}

/**
 * `ours` with each item that both sides added under one id, as different items, given an id of
 * its own (`about-cta-banner-2`): a new section's id is made from the page and its type, so two
 * tabs that each added a Call to action gave both the same one, and the merge took them for one
 * item, so one person's section was lost whichever side was kept (a hostile review). A shared
 * section (known by its `$ref`) added on both sides is the same one, and stays one.
 */
function apartFromTheirs(base: unknown[], ours: unknown[], theirs: unknown[]): unknown[] {
  const inBase = new Set(base.map(idOf));
  const theirsById = new Map(theirs.map((item) => [idOf(item), item]));
  const taken = new Set([...base, ...ours, ...theirs].map(idOf));
  let changed = false;
  const apart = ours.map((item) => {
    const id = idOf(item);
    const twin = theirsById.get(id);
    if (inBase.has(id) || twin === undefined || sameJson(item, twin) || !isObject(item) || typeof item.id !== 'string') return item;
    let free = 2;
    while (taken.has(`${item.id}-${free}`)) free += 1;
    taken.add(`${item.id}-${free}`);
    changed = true;
    return { ...item, id: `${item.id}-${free}` };
  });
  return changed ? apart : ours;
}

/**
 * The value in `other` that `path` (a path in `reference`) points to, an item of a list with ids
 * found by its id wherever it is: a clash's other side, when the lists were ordered differently.
 */
export function counterpartAt(other: unknown, reference: unknown, path: JsonPath): unknown {
  let [here, there] = [reference, other];
  for (const token of path) {
    const id = Array.isArray(here) && typeof token === 'number' ? idOf(here[token]) : undefined;
    there = id !== undefined && Array.isArray(there) ? there.find((item) => idOf(item) === id) : (there as Record<string, unknown> | undefined)?.[token as never];
    here = (here as Record<string, unknown> | undefined)?.[token as never];
  }
  return there;
}
