/**
 * Page-level schemas, built from a list of section definitions so the same
 * code serves the real registry and the small registries of unit tests.
 */
import { z } from 'astro/zod';
import { field, heading, ImageSelectionSchema, MAX_PARAGRAPH_LENGTH, MAX_URL_LENGTH, requiredText } from './primitives';
import { MAX_SLUG_LENGTH } from '../slug';
import { COLLECTIONS } from './collections';
import { storedDataSchema, type AnySectionDefinition } from './define-section';
import { allowRefs, isRef } from './refs';
import { webAddressProblem } from './urls';
import { publicationFields } from './publication';
import type { RegistryProblem } from './registry-folders';

export const CANONICAL_RULE = 'A canonical URL is a site path (/about/) or a full https:// or http:// URL';

/**
 * Why `value` may not be a page's canonical URL: the address of a web page (an http(s) URL with a
 * host, or a path that stays on this site; webAddressProblem, which image URLs use too). http://
 * is taken, unlike for images: search engines only read it. A fragment is refused, since search
 * engines drop it.
 */
export function canonicalProblem(value: string): string | undefined {
  const problem = webAddressProblem(value, CANONICAL_RULE);
  if (problem !== undefined) return problem;
  if (value.includes('#')) return 'A canonical URL may not have a #fragment';
  return undefined;
}

/** SEO metadata of a page (spec §2.1). */
export const PageMetaSchema = z.object({
  /** The page's `<title>` and og:title. */
  title: field(heading(), 'SEO title', 'The page title shown in search results and browser tabs.', {
    shownUpTo: { length: 60, past: 'Search results cut longer titles, so put what matters first.' },
  }),
  /** Meta description and og:description. */
  description: field(requiredText(MAX_PARAGRAPH_LENGTH), 'SEO description', 'One or two sentences shown in search results.', {
    kind: 'textarea',
    shownUpTo: { length: 160, past: 'Search results cut longer descriptions.' },
  }),
  /** Image shown when the page is shared (og:image). */
  ogImage: field(ImageSelectionSchema.optional(), 'Social image', 'Image shown when the page is shared.'),
  /** `<meta name="robots" content="noindex">`, and the page leaves the sitemap. */
  noindex: field(
    z.boolean().optional(),
    'Hide from search engines',
    'Asks search engines not to list this page, and leaves it out of the sitemap. Visitors can still open it.',
  ),
  /** `<link rel="canonical">` to another address, for a page that duplicates one; absent: the page's own URL. */
  canonical: field(
    z
      .string()
      .max(MAX_URL_LENGTH)
      .superRefine((value, context) => {
        const message = canonicalProblem(value);
        if (message) context.addIssue({ code: 'custom', message });
      })
      .optional(),
    'Canonical URL',
    'Only for a page that repeats another: the address of the original, as a site path (/about/) or a full URL. Search engines then list the original instead, and this page leaves the sitemap. Leave empty otherwise.',
    { kind: 'link', example: '/about/' },
  ),
});

/** A section's id: unique within the page; convention `<page-name>-<section-purpose>`. */
export const SectionIdSchema = requiredText(MAX_SLUG_LENGTH);

function sectionObject(definition: AnySectionDefinition, data: z.ZodType, settings: z.ZodType) {
  return z.object({
    id: SectionIdSchema,
    type: z.literal(definition.type),
    data,
    settings,
  });
}

/**
 * Section ids are unique, and a `placement: first` type (the hero) appears at
 * most once, as the first content section: only the site header (an `element:
 * header` type, or in a stored page a `$ref` that resolves to it) may precede it.
 */
function checkSectionOrder(definitions: readonly AnySectionDefinition[]) {
  const firstOnly = new Set(definitions.filter((d) => d.placement === 'first').map((d) => d.type));
  const headers = new Set(definitions.filter((d) => d.element === 'header').map((d) => d.type));
  return (sections: unknown[], context: z.RefinementCtx) => {
    const seen = new Set<string>();
    let contentSeen = false;
    sections.forEach((section, index) => {
      if (typeof section !== 'object' || section === null) return;
      if (isRef(section)) return;
      const { id, type } = section as { id?: unknown; type?: unknown };
      if (typeof id === 'string') {
        if (seen.has(id)) context.addIssue({ code: 'custom', message: `Duplicate section id "${id}"`, path: [index, 'id'] });
        seen.add(id);
      }
      if (typeof type !== 'string' || headers.has(type)) return;
      if (firstOnly.has(type) && contentSeen) {
        context.addIssue({
          code: 'custom',
          message: `A ${type} section must come first, right after the header, and only once per page`,
          path: [index, 'type'],
        });
      }
      contentSeen = true;
    });
  };
}

const pageFields = {
  /** Unique page identifier; matches the page's file key. */
  id: requiredText(MAX_SLUG_LENGTH),
  /** Page slug; `/` separates nested segments, `[slug]` marks a collection template. */
  slug: requiredText(MAX_SLUG_LENGTH),
  meta: PageMetaSchema,
};

/** `broken`: the registry's folders that failed to load (registry-folders.ts), named where content uses their type. */
export function buildPageSchemas(definitions: readonly AnySectionDefinition[], broken: readonly RegistryProblem[] = []) {
  if (definitions.length === 0) throw new Error('A registry needs at least one section type');
  const [first, ...rest] = definitions;
  type SectionObject = ReturnType<typeof sectionObject>;
  const types = definitions.map((definition) => definition.type).join(', ');
  // zod's own words ("Invalid discriminator value. Expected 'content-block' | …") do not name what was given.
  const unknownType = (issue: { code: string; note?: string; input?: unknown }) => {
    if (issue.code !== 'invalid_union' || issue.note !== 'No matching discriminator') return undefined;
    const given = (issue.input as { type?: unknown } | undefined)?.type;
    if (typeof given !== 'string') return `A section needs a "type": one of ${types}`;
    // Quoted as JSON (control characters escaped) and cut short: the name comes from the request.
    const name = JSON.stringify(given.length > 60 ? `${given.slice(0, 60)}…` : given);
    // A type whose folder is broken is not unknown: say which file to fix, and why.
    const folder = broken.find((problem) => problem.name === given);
    if (folder) return `Section type ${name} is broken: ${folder.file} ${folder.message}`;
    return `Unknown section type ${name}: the registry has ${types}`;
  };
  const union = (make: (d: AnySectionDefinition) => SectionObject) =>
    z.discriminatedUnion('type', [make(first!), ...rest.map(make)] as [SectionObject, ...SectionObject[]], { error: unknownType });

  const bundleSection = union((d) => sectionObject(d, d.schema, d.settings.prefault({})));
  const storedSection = union((d) => sectionObject(d, storedDataSchema(d), d.settings.optional()));
  // The order checks read only ids and types, so they run even when a section's data fails
  // (or, in a stored page, is a $ref): zod would skip them by default.
  const order = [checkSectionOrder(definitions), { when: (payload: { value: unknown }) => Array.isArray(payload.value) }] as const;

  const BundleSchema = z.object({
    ...pageFields,
    sections: z.array(bundleSection).superRefine(...order),
  });
  /** The bundle with its sections already checked one by one (src/engine/bundle-check.ts): their order is checked here. */
  const BundleHeadSchema = z.object({
    ...pageFields,
    sections: z.array(z.unknown()).superRefine(...order),
  });

  const StrictStoredPageSchema = z.object({
    ...pageFields,
    ...publicationFields,
    /**
     * Only on template pages (`[slug].json`): the collection whose entries each
     * get a page. Nested because Astro's content layer, which read these files
     * until the build read them itself, took an object with both `id` and
     * `collection` keys as a content reference; stored pages keep the shape.
     */
    template: z.object({ collection: z.enum(COLLECTIONS) }).optional(),
    sections: z.array(storedSection).superRefine(...order),
  });

  return {
    BundleSchema,
    BundleHeadSchema,
    /** A stored page: the bundle's rules, with `$ref` allowed anywhere and bound fields absent. */
    StoredPageSchema: allowRefs(StrictStoredPageSchema),
    StrictStoredPageSchema,
    /** One stored section: what a shared section document holds. */
    StoredSectionSchema: allowRefs(storedSection),
    storedSection,
    bundleSection,
  };
}
