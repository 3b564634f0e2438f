/**
 * Checks a resolved page against the bundle schema, each distinct section once.
 *
 * Checking is most of what resolving a page costs (zod's parse, then the walk
 * for unknown fields), and most sections are objects already checked: a
 * snapshot keeps the parsed object of every file that did not change, and a
 * `$ref`'s target (the shared header) is resolved once per snapshot for every
 * page that names it. So a section whose candidate is made from its object
 * alone (its type has no `bind`, which reads collections and the page's entry)
 * is checked once per object, and its checked form is reused by every bundle
 * that holds it. A section whose `bind` read collections only, not the page's
 * own entry (a list of the latest posts on a page that is no entry's), follows from its object and the
 * collections: it is checked once per object for as long as the collections
 * are made of the same entries (`checksForCollections`), so a publication
 * that changes no post or tag checks none of them again. Pages that each hold
 * a copy of one such section (the same list, inline on every page, its id
 * aside) share its check too (`BoundChecks`), so a post edited, which makes
 * new collections, checks that list once, not once a page. The checked form
 * is frozen: bundles share it, so none may change it.
 *
 * A page that fails anywhere is checked again whole, the slow way, so its
 * problems (and their paths) are exactly those of the whole bundle's schema.
 */
import type { z } from 'astro/zod';
import { unknownFields } from './schema/unknown-fields';
import { SectionIdSchema } from './schema/page';

export interface BundleSchemas {
  /** The whole bundle: what a page is checked against, and what names its problems. */
  BundleSchema: z.ZodType;
  /** The bundle's own fields, its sections taken as already checked (their order is checked here). */
  BundleHeadSchema: z.ZodType;
  /** One resolved section. */
  bundleSection: z.ZodType;
}

/**
 * What a section's candidate follows from, and so where its check holds: its object alone
 * (anywhere), its object and the collections, or the page too (its entry: not kept).
 */
export type SectionReuse = 'anywhere' | 'collections' | 'page';

/** A section to check: the object `$ref`s resolved to, and its candidate (bound to collections if its type binds). */
export interface SectionToCheck {
  resolved: unknown;
  candidate: () => unknown;
  reuse: SectionReuse;
}

/** Checked sections by their resolved object: a WeakMap, or BoundChecks. */
export interface KeptChecks {
  get(resolved: object): unknown;
  set(resolved: object, checked: unknown): unknown;
}

export type BundleCheck = { success: true; data: unknown } | { success: false; problems: { path: PropertyKey[]; message: string }[] };

/** Checked sections, by section schema and resolved object. */
const checkedSections = new WeakMap<z.ZodType, WeakMap<object, unknown>>();

/** Collections seen lately (one publication's public content and the editor's whole content may alternate). */
const COLLECTIONS_KEPT = 4;

/**
 * Sections checked against one set of collections. A section's check is found by its object, or
 * by its content: copies of one section in several page files (a list of the latest posts, inline
 * on every page) differ only in their ids, which binding never reads, so they bind and check
 * alike, and each copy gets the checked form with its own id.
 */
export class BoundChecks {
  private readonly byObject = new WeakMap<object, unknown>();
  private readonly byContent = new Map<string, Record<string, unknown>>();

  get(resolved: object): unknown {
    let checked = this.byObject.get(resolved);
    if (checked !== undefined) return checked;
    const key = contentKey(resolved);
    const copy = key === undefined ? undefined : this.byContent.get(key);
    if (!copy) return undefined;
    // Spread from the checked form, so the fields stay in its order, and only the id is this copy's.
    checked = Object.freeze({ ...copy, id: (resolved as { id: string }).id });
    this.byObject.set(resolved, checked);
    return checked;
  }

  has(resolved: object): boolean {
    return this.get(resolved) !== undefined;
  }

  set(resolved: object, checked: unknown): void {
    this.byObject.set(resolved, checked);
    const key = contentKey(resolved);
    if (key === undefined || typeof checked !== 'object' || checked === null) return;
    this.byContent.set(key, checked as Record<string, unknown>);
    // Kept by content, not by object, so nothing lets go of them: each preview of a list's heading as it
    // is typed would stay. The oldest go first (a Map keeps insertion order).
    if (this.byContent.size > MAX_KEPT_BY_CONTENT) this.byContent.delete(this.byContent.keys().next().value!);
  }
}

/** How many distinct bound sections are kept by content per set of collections: far more than a site's lists. */
export const MAX_KEPT_BY_CONTENT = 2_000;

/** A section's content without its id, when the id is one the schema takes (its copies then check alike). */
function contentKey(resolved: object): string | undefined {
  if (Array.isArray(resolved)) return undefined;
  const { id, ...content } = resolved as { id?: unknown };
  return SectionIdSchema.safeParse(id).success ? JSON.stringify(content) : undefined;
}

/** By section schema: the latest collections' inputs, each with the sections checked against them. */
const checkedWithCollections = new WeakMap<z.ZodType, { inputs: readonly unknown[]; checked: BoundChecks }[]>();

/**
 * Where sections bound to collections made from `inputs` are kept once checked. `inputs` is all
 * that binding reads: each entry's file and parsed object, and the templates that give entries their
 * URLs. A snapshot keeps the object of every file that did not change, so equal inputs (item by
 * item, objects by identity) are collections made of the same entries, which bind alike.
 */
export function checksForCollections(schemas: BundleSchemas, inputs: readonly unknown[]): BoundChecks {
  let kept = checkedWithCollections.get(schemas.bundleSection);
  if (!kept) checkedWithCollections.set(schemas.bundleSection, (kept = []));
  const at = kept.findIndex((seen) => sameItems(seen.inputs, inputs));
  if (at >= 0) {
    // Most recently used first, so that the one let go is the one used least lately.
    const [same] = kept.splice(at, 1);
    kept.unshift(same!);
    return same!.checked;
  }
  const fresh = { inputs, checked: new BoundChecks() };
  kept.unshift(fresh);
  kept.length = Math.min(kept.length, COLLECTIONS_KEPT);
  return fresh.checked;
}

/** Whether two lists hold the same items in the same order, objects compared by identity. */
export const sameItems = (a: readonly unknown[], b: readonly unknown[]): boolean => a.length === b.length && a.every((item, index) => item === b[index]);

/**
 * `compute` of a section, kept for a frozen one (a checked section that bundles share, which
 * cannot change, so neither can what is made from it) and made each time for any other.
 */
export function keptPerSharedSection<T>(compute: (section: unknown) => T): (section: unknown) => T {
  const kept = new WeakMap<object, T>();
  return (section) => {
    if (typeof section !== 'object' || section === null || !Object.isFrozen(section)) return compute(section);
    if (!kept.has(section)) kept.set(section, compute(section));
    return kept.get(section)!;
  };
}

/** `value` and everything in it frozen: shared by bundles, none may change it. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

/** `candidate` checked against `schema`: its issues, or when it passes, the fields the schema does not know. */
function check(schema: z.ZodType, candidate: unknown): BundleCheck {
  const parsed = schema.safeParse(candidate);
  const problems = parsed.success ? unknownFields(schema, candidate) : parsed.error.issues;
  return problems.length > 0 ? { success: false, problems } : { success: true, data: parsed.data };
}

/**
 * The checked bundle of a page (its own fields `head`, and `sections`), or its problems, as the
 * bundle schema names them. `withCollections` keeps the sections bound to the page's collections
 * (checksForCollections), asked for only when a section binds.
 */
export function checkBundle(schemas: BundleSchemas, head: Record<string, unknown>, sections: readonly SectionToCheck[], withCollections: () => KeptChecks): BundleCheck {
  let anywhere = checkedSections.get(schemas.bundleSection);
  if (!anywhere) checkedSections.set(schemas.bundleSection, (anywhere = new WeakMap()));
  const checked: unknown[] = [];
  for (const section of sections) {
    const cache = section.reuse === 'anywhere' ? anywhere : section.reuse === 'collections' ? withCollections() : undefined;
    const key = cache && typeof section.resolved === 'object' && section.resolved !== null ? section.resolved : undefined;
    const known = key && cache!.get(key);
    if (known) {
      checked.push(known);
      continue;
    }
    const result = check(schemas.bundleSection, section.candidate());
    if (!result.success) return wholeCheck(schemas, head, sections);
    if (key) cache!.set(key, deepFreeze(result.data));
    checked.push(result.data);
  }
  // The sections' order, and the head's own fields (unknown ones too: the walk does not enter the checked sections).
  const result = check(schemas.BundleHeadSchema, { ...head, sections: checked });
  return result.success ? result : wholeCheck(schemas, head, sections);
}

/** The whole bundle checked at once, as it was before sections were checked apart: for a page that fails. */
function wholeCheck(schemas: BundleSchemas, head: Record<string, unknown>, sections: readonly SectionToCheck[]): BundleCheck {
  return check(schemas.BundleSchema, { ...head, sections: sections.map((section) => section.candidate()) });
}
