/**
 * Human names for what an edit did, for the history menu and the status
 * line: "Edit Hero › Title", "Move Call to action up", never a type key or a
 * dotted path. Names come from the registry's labels and the schemas' titles.
 */
import { inputJsonSchema, sectionJsonSchemas, type JsonSchema } from '../../../engine/schema/json-schema';
import { collectionSchemas } from '../../../engine/schema/collections';
import { entryCollectionOf, entryNounOf } from '../entries';
import { listItemName } from '../form';
import { PageMetaSchema } from '../../../engine/schema/page';
import { isRef } from '../../../engine/schema/refs';
import { sectionRegistry } from '../../../sections/registry';
import { followRefs, getAt, type Docs, type EditorDoc } from '../model';
import { isSettingsFile, SETTINGS_NAME, settingsJsonSchema } from '../site-settings';

type Path = readonly (string | number)[];

const humanize = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());

const schemaCache = new Map<string, { data: JsonSchema; settings: JsonSchema }>();
function sectionSchemas(type: string) {
  let schemas = schemaCache.get(type);
  const definition = sectionRegistry.get(type);
  if (!schemas && definition) schemaCache.set(type, (schemas = sectionJsonSchemas(definition)));
  return schemas;
}
const metaSchema = inputJsonSchema(PageMetaSchema);
const entrySchemas = new Map<string, JsonSchema>();
function entrySchema(collection: string): JsonSchema | undefined {
  const schema = (collectionSchemas as Record<string, Parameters<typeof inputJsonSchema>[0]>)[collection];
  if (!schema) return undefined;
  if (!entrySchemas.has(collection)) entrySchemas.set(collection, inputJsonSchema(schema));
  return entrySchemas.get(collection);
}

/** The sub-schema with the given property, looking through `anyOf` (optional and nullable values). */
function property(schema: JsonSchema | undefined, key: string | number): JsonSchema | undefined {
  if (!schema) return undefined;
  if (typeof key === 'number') return schema.items ?? schema.anyOf?.find((option) => option.items)?.items;
  return schema.properties?.[key] ?? schema.anyOf?.find((option) => option.properties?.[key])?.properties?.[key];
}

/** "Button 1 › Label": the titles along a path inside a form. */
export function fieldTrail(schema: JsonSchema | undefined, path: Path): string {
  const parts: string[] = [];
  let node = schema;
  for (const key of path) {
    node = property(node, key);
    if (typeof key === 'number') {
      // Named as the form titles the item ("Testimonial 2", "Button 1"), not by its list's name.
      if (parts.length > 0) parts[parts.length - 1] = `${listItemName(parts.at(-1)!, node?.title)} ${key + 1}`;
      else parts.push(`Item ${key + 1}`);
    } else parts.push(node?.title ?? humanize(key));
  }
  return parts.join(' › ');
}

/** What a section is called: its type's label ("Call to action"), or "Section". */
export const sectionLabel = (type: unknown) => (typeof type === 'string' && sectionRegistry.get(type)?.label) || 'Section';

/** The singular noun of an entry's collection: "post", "tag". */
export const entryNoun = (doc: Pick<EditorDoc, 'saveSlug'>) => entryNounOf(entryCollectionOf(doc));

/** What a section in a list of sections is called, shared ones included. */
export function sectionLabelOf(section: unknown, docs: Docs, file: string): string {
  if (!isRef(section)) return sectionLabel((section as { type?: unknown } | undefined)?.type);
  const shared = followRefs(section, file, docs)?.value as { type?: unknown } | undefined;
  return shared ? `${sectionLabel(shared.type)} (shared)` : 'Shared section';
}

/** Where `path` is in an entry's form ("Title", "Cover › Alt text"), for a sentence that names the entry already. */
export const entryFieldLabel = (doc: Pick<EditorDoc, 'saveSlug'>, path: Path) => fieldTrail(entrySchema(doc.saveSlug.split('/')[0]!), path);

/** Where a `$ref` leads, in the forms' words: "Site settings › Site name", "Footer › Menu". */
export const refPlaceLabel = (docs: Docs, file: string, path: Path) => (isSettingsFile(file) ? `${SETTINGS_NAME} › ${fieldLocationLabel(docs, file, path)}` : fieldLocationLabel(docs, file, path));

/** "Hero › Title", "Page settings › SEO title", "Post › Body": where in the documents `path` of `file` is. */
export function fieldLocationLabel(docs: Docs, file: string, path: Path): string {
  const doc = docs[file];
  if (!doc) return path.join('.');
  if (isSettingsFile(file)) return fieldTrail(settingsJsonSchema, path) || path.join('.');
  if (doc.kind === 'entry') {
    const trail = entryFieldLabel(doc, path);
    return trail ? `${humanize(entryNoun(doc))} › ${trail}` : humanize(entryNoun(doc));
  }
  const onPage = doc.kind === 'page' && path[0] === 'sections' && path[1] !== undefined;
  if (doc.kind === 'page' && !onPage) {
    const trail = path[0] === 'meta' ? fieldTrail(metaSchema, path.slice(1)) : fieldTrail(undefined, path);
    return trail ? `Page settings › ${trail}` : 'Page settings';
  }
  const sectionPath = onPage ? path.slice(0, 2) : [];
  const section = getAt(doc.data, sectionPath.map(String)) as { type?: unknown } | undefined;
  const rest = path.slice(sectionPath.length);
  const schemas = sectionSchemas(String(section?.type));
  const [part, ...inside] = rest;
  const trail = part === 'data' ? fieldTrail(schemas?.data, inside) : part === 'settings' ? fieldTrail(schemas?.settings, inside) : part === 'id' ? 'Section ID' : '';
  const name = sectionLabel(section?.type);
  return trail ? `${name} › ${trail}` : name;
}
