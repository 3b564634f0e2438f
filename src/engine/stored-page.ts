/**
 * A page file checked as stored, before its `$ref`s are followed: its schema
 * (refs allowed where a value may be one), a slug that matches its file name,
 * and a `template` exactly when it is a template page (`[slug].json`).
 */
import type { z } from 'astro/zod';
import type { CollectionName } from './schema/collections';
import type { PageMetaSchema } from './schema/page';
import { ContentError, issuesOf } from './content-error';
import { slugOfPageFile } from './routes';
import { ALWAYS_PUBLIC_PAGES, isTemplateSlug } from './slug';
import type { ContentSnapshot } from './snapshot';


export interface StoredPage {
  id: string;
  slug: string;
  template?: { collection: CollectionName };
  meta: z.infer<typeof PageMetaSchema>;
  sections: unknown[];
}

/**
 * Stored pages that passed their schema, by schema and parsed document → its file. A snapshot
 * keeps the parsed object of a file that did not change, so a new snapshot (every publication,
 * every save's check) does not validate unchanged pages again.
 */
const checkedPages = new WeakMap<z.ZodType, WeakMap<object, string>>();

/** The page stored at `file` of `snapshot`; throws a ContentError naming what is wrong with it. */
export function checkStoredPage(snapshot: ContentSnapshot, schema: z.ZodType, file: string): StoredPage {
  const raw = snapshot.get(file);
  let checked = checkedPages.get(schema);
  if (!checked) checkedPages.set(schema, (checked = new WeakMap()));
  if (typeof raw !== 'object' || raw === null || checked.get(raw) !== file) {
    const parsed = schema.safeParse(raw);
    if (!parsed.success) throw new ContentError('invalid', file, 'is not a valid page', '', issuesOf(parsed.error));
  }
  const page = raw as StoredPage;
  const expected = slugOfPageFile(file);
  if (page.slug !== expected) {
    throw new ContentError('invalid', file, `slug "${page.slug}" does not match its file; expected "${expected}"`, '/slug');
  }
  const alwaysPublic = ALWAYS_PUBLIC_PAGES.get(page.slug);
  if (alwaysPublic) {
    const { status, publishAt } = page as { status?: unknown; publishAt?: unknown };
    const detail = `is ${alwaysPublic}, which is always public: it cannot be a draft or scheduled`;
    if (status === 'draft') throw new ContentError('invalid', file, detail, '/status');
    if (publishAt !== undefined) throw new ContentError('invalid', file, detail, '/publishAt');
  }
  if (isTemplateSlug(page.slug) !== (page.template !== undefined)) {
    throw new ContentError('invalid', file, `a page named [slug] needs a "template", and only such a page may have one`, '/template');
  }
  checked.set(page, file);
  return page;
}
