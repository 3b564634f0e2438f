/**
 * The one object that defines a collection of entries (posts, tags…). Each
 * folder under src/collections/ exports one from its `collection.ts`; the
 * registry collects them, and storage, validation, the save rules, the
 * build's snapshot, the editor, drafts and the generated docs all read it.
 */
import type { z } from 'astro/zod';

type AnyObject = z.ZodObject<z.ZodRawShape>;

export interface CollectionDefinition<Name extends string = string, Schema extends AnyObject = AnyObject> {
  /** Registry key; equals the folder name, the folder under src/data/collections/ and a template page's folder. */
  name: Name;
  /** Plural, for lists and tabs: "Posts". */
  label: string;
  /** Singular, in sentences: "post". */
  singular: string;
  /** One line on what an entry is, for the docs and the editor. */
  description: string;
  /** What an entry file stores. */
  schema: Schema;
  /** The field that names an entry in lists (a post's title, a tag's name); the slug when it is empty. */
  labelField: keyof z.infer<Schema> & string;
  /**
   * The field whose text describes an entry in its page's meta description (search results, social
   * cards), if any; without one, an entry's page takes its template page's description.
   */
  descriptionField?: keyof z.infer<Schema> & string;
  /**
   * The field (YYYY-MM-DD) that dates an entry for visitors, if any (a post's `date`). Scheduling
   * an entry for a later day offers to move it there: a post that goes live in March dated August
   * would read as old and sort below newer posts.
   */
  dateField?: keyof z.infer<Schema> & string;
  /** The data of a new entry created in the editor: `today` is YYYY-MM-DD, `title` is made from the slug. */
  starter(input: { slug: string; title: string; today: string }): z.input<Schema>;
}

/** Any registered definition, with its generics erased for registry-level code. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyCollectionDefinition = CollectionDefinition<string, any>;

export function defineCollection<const Name extends string, Schema extends AnyObject>(definition: CollectionDefinition<Name, Schema>): CollectionDefinition<Name, Schema> {
  return definition;
}
