/**
 * The one object that defines a section type. Each folder under src/sections/
 * exports one from its `section.ts`; the registry collects them, and the
 * stored-page schema, bundle schema, editor forms and docs all derive from it.
 */
import { z } from 'astro/zod';
import { baseSettings } from './primitives';
import type { PostSummary, ResolvedPost, ResolvedTag } from './collections';

/** An entry of any registered collection as sections read it: its content fields, its slug and its page's path. */
export type EntryRecord = Record<string, unknown> & { slug: string; url?: string };

/**
 * The collection entry a template page is being resolved for: posts and tags typed, with their
 * relations expanded; an entry of any other registered collection as stored (`entry`).
 */
export type CurrentEntry =
  | { collection: 'posts'; slug: string; post: ResolvedPost }
  | { collection: 'tags'; slug: string; tag: ResolvedTag }
  | { collection: string; slug: string; entry: EntryRecord };

/** What a section's `bind` may read: collections and the current entry, never files. */
export interface BindContext {
  /** All posts as cards, newest first. */
  posts(): PostSummary[];
  /** All tags, in name order. */
  tags(): ResolvedTag[];
  /** Every entry of any registered collection, as stored, with its slug and page URL, in slug order. */
  entries(collection: string): EntryRecord[];
  /** The entry of the template page being resolved, if the page is a template. */
  current: CurrentEntry | undefined;
  /** Stops resolution with an error that names the page and the section. */
  fail(message: string): never;
}

/**
 * The current entry of any registered collection as stored (an event on `events/[slug]`), or a
 * binding error: for a section of a collection of your own, on its template page only.
 */
export function requireStoredEntry(context: BindContext, collection: string, type: string): EntryRecord {
  const current = context.current;
  if (current?.collection !== collection || !('entry' in current)) context.fail(`${type} needs a page bound to the ${collection} collection`);
  return current.entry;
}

/**
 * The current entry of the given collection, or a binding error: for sections
 * that only make sense on that collection's template page.
 */
export function requireEntry<C extends CurrentEntry['collection']>(
  context: BindContext,
  collection: C,
  type: string,
): Extract<CurrentEntry, { collection: C }> {
  const current = context.current;
  if (current?.collection !== collection) context.fail(`${type} needs a page bound to the ${collection} collection`);
  return current as Extract<CurrentEntry, { collection: C }>;
}

type AnyObject = z.ZodObject<z.ZodRawShape>;
type Data<S extends AnyObject> = z.infer<S>;

export interface SectionDefinition<
  Type extends string = string,
  Schema extends AnyObject = AnyObject,
  Bound extends keyof Data<Schema> & string = never,
> {
  /** Registry key; equals the folder name. */
  type: Type;
  /** Name shown in the editor's section picker and outline. */
  label: string;
  /** One line shown in the section picker. */
  description: string;
  /**
   * Other words an editor may look for the type by in the editor's **Add section** search, beyond
   * its label and description: what it is for ("media", "photo" for a gallery). Searching "media"
   * once found none of the picture and video sections, whose names and lines never say it (QA).
   */
  keywords: readonly string[];
  /** The section's data as the bundle carries it (bound fields included). */
  schema: Schema;
  /** Fields that `bind` fills from collections; they never appear in stored pages. */
  bound: readonly Bound[];
  /** Fills the bound fields at resolve time. */
  bind?: (data: Omit<Data<Schema>, Bound>, context: BindContext) => Pick<Data<Schema>, Bound>;
  /** Settings that apply to this type; other keys are ignored. */
  settings: AnyObject;
  /** Data of a new section added in the editor. */
  defaults: Omit<z.input<Schema>, Bound>;
  /**
   * The fields of `defaults` whose text is copy to keep as it is ("Latest posts", "Play video").
   * Every other default text is sample text that says what to write ("A heading for this idea",
   * a made-up quote or price): the editor names a field that still has it, before it is published.
   * A path goes into objects and every item of a list: `plans.period` keeps each plan's period.
   */
  keptDefaults: readonly string[];
  /** Root element of the rendered section. */
  element: 'section' | 'header' | 'footer';
  /**
   * `first`: at most once per page, and only as its first section (hero); `once`: at most once per
   * page (the header and the footer: a page with the shared header is not offered another).
   */
  placement: 'any' | 'first' | 'once';
  /**
   * The collection whose template page this section needs (post-detail needs
   * `posts`): it shows the page's current entry, so it is offered only on a
   * page bound to that collection.
   */
  template?: string;
  /**
   * What the view reads beyond its data and settings. The section render cache
   * (src/lib/section-cache.ts) reuses a view's HTML wherever these inputs are equal,
   * so a view that reads its id or the visitor's path must say so here.
   */
  viewReads: ViewReads<Data<Schema>>;
  /**
   * One-click mends the editor offers under a text field's problem, by the field's key in `data`:
   * given the section's data, the value to put there instead, or undefined when there is none. The
   * video's ID offers the ID of a YouTube or Vimeo link pasted in its place, as link fields offer
   * “Use https://…” for `www.…`; the message alone left the typing to the editor.
   */
  fixes?: Readonly<Record<string, (data: Readonly<Record<string, unknown>>) => string | undefined>>;
}

/** See `SectionDefinition.viewReads`. */
export interface ViewReads<SectionData> {
  /** The view uses its section's id (in ids of its own elements). */
  id?: true;
  /**
   * The view reads the visitor's path (visitorPath): the part of the path its output depends on.
   * The cache keys on the result, so the header, which only marks the current menu item, returns
   * which items are current and is rendered once for all the pages that have none.
   */
  path?: (data: SectionData, path: string) => unknown;
  /**
   * The view can open the page with its title: it writes an `h1` when it is the page's main
   * heading and an `h2` otherwise (its `mainHeading` prop), so a page with two such sections still
   * has one `h1`, and one without a hero still has one. `true`: it always has a title (the hero, a
   * page header, a post's or tag's header). Fields: it has one when its `title` field is filled, or
   * its `markdown` field holds a `#` heading (rich text). The first section on the page that has a
   * title is the main heading (mainHeadingIndex, src/engine/main-heading.ts).
   */
  mainHeading?: true | { title?: keyof SectionData & string; markdown?: keyof SectionData & string };
}

/** The props every section's View.astro receives, typed from its definition. */
// Only the schema is read: a definition with no bound fields is not assignable to `AnySectionDefinition` (its `bind` takes narrower data).
export interface SectionViewProps<Definition extends { schema: AnyObject }> {
  data: z.infer<Definition['schema']>;
  settings: Record<string, unknown>;
  id: string;
  /** Whether this section's heading is the page's `h1` (`ViewReads.mainHeading`); false for every view that does not read it. */
  mainHeading: boolean;
}

/** Any registered definition, with its generics erased for registry-level code. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySectionDefinition = SectionDefinition<string, AnyObject, any>;

/** Whether a section of this definition may be added to `page`: its template need, and its placement, allow it. */
export function allowedOnPage(definition: AnySectionDefinition, page: { template?: { collection?: string }; types: readonly string[] }): boolean {
  if (definition.template !== undefined && definition.template !== page.template?.collection) return false;
  return definition.placement === 'any' || !page.types.includes(definition.type);
}

export function defineSection<
  const Type extends string,
  Schema extends AnyObject,
  const Bound extends keyof Data<Schema> & string = never,
>(
  definition: Omit<SectionDefinition<Type, Schema, Bound>, 'bound' | 'settings' | 'element' | 'placement' | 'viewReads' | 'keptDefaults' | 'keywords'> &
    Partial<Pick<SectionDefinition<Type, Schema, Bound>, 'bound' | 'settings' | 'element' | 'placement' | 'viewReads' | 'keptDefaults' | 'keywords'>>,
): SectionDefinition<Type, Schema, Bound> {
  return {
    bound: [],
    settings: baseSettings,
    element: 'section',
    placement: 'any',
    viewReads: {},
    keptDefaults: [],
    keywords: [],
    ...definition,
  };
}

/** The data schema of stored pages: the bundle schema without the bound fields. */
export function storedDataSchema(definition: AnySectionDefinition): AnyObject {
  if (definition.bound.length === 0) return definition.schema;
  const mask = Object.fromEntries(definition.bound.map((key: string) => [key, true] as const));
  return definition.schema.omit(mask) as AnyObject;
}
