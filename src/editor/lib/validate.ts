/**
 * Validation in the editor, with the same schemas the server uses: each issue
 * is keyed by the dotted path of the field it belongs to.
 *
 * The editor validates on every keystroke, so a page is checked section by
 * section, and each section's result is cached by object identity: `setAt`
 * copies only the path to a changed value, so an edit re-validates one section
 * and the others hit the cache. The result is the same as `StoredPageSchema`'s.
 */
import { z } from 'astro/zod';
import { collectionSchemas } from '../../engine/schema/collections';
import { inputJsonSchema } from '../../engine/schema/json-schema';
import { buildPageSchemas } from '../../engine/schema/page';
import { collectRefs, isRef, refShapeProblem } from '../../engine/schema/refs';
import { unknownFields } from '../../engine/schema/unknown-fields';
import { sectionDefinitions, StoredPageSchema } from '../../sections/registry';
import { fieldsOf } from './form';
import { entryNounOf } from './entries';

export type IssueMap = ReadonlyMap<string, string>;

type Issue = { path: readonly PropertyKey[]; message: string };

/** `['data', 'ctas', 0, 'label']` → `data.ctas.0.label` */
export const pathKey = (path: readonly PropertyKey[]) => path.map(String).join('.');

/** Whether two issue maps agree on every key at or under `prefix` (a pathKey). */
export function sameIssuesUnder(a: IssueMap, b: IssueMap, prefix: string): boolean {
  if (a === b) return true;
  const under = (key: string) => key === prefix || key.startsWith(`${prefix}.`);
  for (const [key, message] of a) if (under(key) && b.get(key) !== message) return false;
  for (const key of b.keys()) if (under(key) && !a.has(key)) return false;
  return true;
}

function collect(issues: readonly Issue[]): IssueMap {
  const map = new Map<string, string>();
  for (const issue of issues) {
    const key = pathKey(issue.path);
    if (!map.has(key)) map.set(key, issue.message);
  }
  return map;
}

const isUnrecognizedKeys = (issue: Issue) => (issue as { code?: string }).code === 'unrecognized_keys';
const schemaIssues = (result: { error?: { issues: Issue[] } }): Issue[] => result.error?.issues ?? [];
const prefixed = (prefix: readonly PropertyKey[], issues: readonly Issue[]) => issues.map((issue) => ({ path: [...prefix, ...issue.path], message: issue.message }));

// The parts of the stored-page schema, built from the same registry, so each can run on its own.
const { storedSection, StrictStoredPageSchema } = buildPageSchemas(sectionDefinitions);

/** The keys a stored page may have, for the form's list of those it does not know (UnknownFields). */
export const PAGE_KEYS: readonly string[] = Object.keys(StrictStoredPageSchema.shape);

/**
 * The page's own section-order checks, over an array of anything: they read
 * only ids and types, so they need not parse the sections again. (Zod types a
 * schema's checks as taking `never`; these take the sections array.)
 */
const orderChecks = (StrictStoredPageSchema.shape.sections.def.checks ?? []) as z.core.$ZodCheck<unknown[]>[];
const sectionOrder = z.array(z.unknown()).check(...orderChecks);

/** Like `allowRefs`: true when the value at `path`, or a value on the way there, is a `$ref`. */
function passesThroughRef(root: unknown, path: readonly PropertyKey[]): boolean {
  let node = root;
  for (const key of path) {
    if (isRef(node)) return true;
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return false;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return isRef(node);
}

const refIssues = (value: unknown): Issue[] =>
  collectRefs(value).flatMap(({ path, ref }) => {
    const problem = refShapeProblem(ref);
    return problem ? [{ path, message: problem }] : [];
  });

interface SectionCheck {
  /** Malformed `$ref`s, outermost first. */
  refs: Issue[];
  /** Schema issues, except those at or below a `$ref`. */
  schema: Issue[];
}

/** Sections are never changed in place (see `setAt`), so a result stays valid while its section object lives. */
const checked = new WeakMap<object, SectionCheck>();

/** How many sections were validated rather than taken from the cache; for tests. */
export const validationStats = { sectionsChecked: 0 };

function checkSection(section: unknown): SectionCheck {
  const cacheable = typeof section === 'object' && section !== null;
  const cached = cacheable ? checked.get(section) : undefined;
  if (cached) return cached;
  validationStats.sectionsChecked += 1;
  const result: SectionCheck = {
    refs: refIssues(section),
    // Unknown fields too, at their own paths: the server refuses them, and the form shows each with a way to remove it.
    schema: [...schemaIssues(storedSection.safeParse(section)), ...unknownFields(storedSection, section)].filter((issue) => !passesThroughRef(section, issue.path)),
  };
  if (cacheable) checked.set(section, result);
  return result;
}

/** Issues of one stored section, keyed relative to the section (`data.title`, `settings.paddingTop`). */
export function sectionIssues(section: unknown): IssueMap {
  const { refs, schema } = checkSection(section);
  return collect([...refs, ...schema]);
}

/**
 * Issues of a whole stored page, keyed from the page (`meta.title`, `sections.2.id`),
 * in the order `StoredPageSchema` reports them: malformed `$ref`s in document
 * order, then the page's fields, its sections and the section order.
 */
export function pageIssues(page: unknown): IssueMap {
  const record = page as Record<string, unknown>;
  // Shapes the editor does not produce go through the whole schema.
  if (typeof page !== 'object' || page === null || Array.isArray(page) || isRef(page) || !Array.isArray(record.sections)) {
    return collect(schemaIssues(StoredPageSchema.safeParse(page)));
  }
  const sections = record.sections as unknown[];
  const checks = sections.map(checkSection);
  const refs: Issue[] = [];
  for (const [key, value] of Object.entries(record)) {
    if (key === 'sections') checks.forEach((check, index) => refs.push(...prefixed(['sections', index], check.refs)));
    else refs.push(...prefixed([key], refIssues(value)));
  }
  // The page's own fields: the schema over the page without its sections.
  // Unknown keys one by one, at their paths (zod's strict objects name them together, at the object), so the form can show each.
  const own = { ...record, sections: [] };
  const fields = [...unknownFields(StrictStoredPageSchema, own), ...schemaIssues(StrictStoredPageSchema.safeParse(own)).filter((issue) => !isUnrecognizedKeys(issue))].filter(
    (issue) => !passesThroughRef(page, issue.path),
  );
  const inSections = checks.flatMap((check, index) => prefixed(['sections', index], check.schema));
  const order = prefixed(['sections'], schemaIssues(sectionOrder.safeParse(sections)));
  return collect([...refs, ...fields, ...inSections, ...order]);
}

/** The fields of each collection that hold slugs of another collection's entries (`posts.tags` → `tags`). */
const relationFields = Object.fromEntries(
  Object.entries(collectionSchemas).map(([name, schema]) => [name, fieldsOf(inputJsonSchema(schema)).filter((spec) => spec.relation)]),
) as Record<string, ReturnType<typeof fieldsOf>>;

/**
 * Issues of a collection entry (a post or a tag), keyed from the entry
 * (`title`, `tags.1`): its collection schema, then, when `known` gives the
 * entries of each collection, relations to entries that do not exist
 * (`tags.1: Unknown tag`).
 */
export function entryIssues(collection: string, data: unknown, known?: Readonly<Record<string, ReadonlySet<string>>>): IssueMap {
  const schema = (collectionSchemas as Record<string, z.ZodType>)[collection];
  if (!schema) return collect([{ path: [], message: `Unknown collection "${collection}"` }]);
  const issues: Issue[] = [...unknownFields(schema, data), ...schemaIssues(schema.safeParse(data)).filter((issue) => !isUnrecognizedKeys(issue))];
  const record = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  for (const spec of relationFields[collection] ?? []) {
    const slugs = known?.[spec.relation!];
    const value = record[spec.key];
    if (!slugs || !Array.isArray(value)) continue;
    value.forEach((slug, index) => {
      if (typeof slug === 'string' && !slugs.has(slug)) issues.push({ path: [spec.key, index], message: `Unknown ${entryNounOf(spec.relation!)}` });
    });
  }
  return collect(issues);
}

/** Maps the server's 400 issues (JSON pointers) to the same keys. */
export function serverIssues(issues: { path: string; message: string }[]): IssueMap {
  const map = new Map<string, string>();
  for (const issue of issues) {
    if (issue.path.includes('#')) continue; // in another file: shown in the summary only
    const key = issue.path.split('/').slice(1).map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~')).join('.');
    if (!map.has(key)) map.set(key, issue.message);
  }
  return map;
}
