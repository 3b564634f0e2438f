/**
 * Which strings of a data file are Markdown: those whose schema declares the
 * `markdown` kind (primitives.ts), the same declaration the editor's forms
 * read to show a rich-text field and the views render. Judged by the schema,
 * not by how a text looks: a hero's title that reads `[x](/a.png)` is plain
 * text on the page, and a body's links are links whatever else it holds.
 *
 * A field that is a `$ref` is judged where its value lives: a Markdown field
 * linked to another file's plain text is read as that file's plain text.
 *
 * Link fields are found the same way (linkPointers), for the links that lead
 * nowhere (links-nowhere.ts).
 */
import { PageMetaSchema } from './schema/page';
import { collectionSchemas } from './schema/collections';
import { inputJsonSchema, sectionJsonSchemas, type JsonSchema } from './schema/json-schema';
import { SITE_SETTINGS_FILE, SiteSettingsSchema } from './schema/site-settings';
import { pointerFromPath } from './pointer';
import { sectionRegistry } from '../sections/registry';

type Path = (string | number)[];

// JSON Schemas are made once per type: converting a zod schema costs more than reading a page.
const cache = new Map<string, JsonSchema | undefined>();
const once = (key: string, make: () => JsonSchema | undefined) => {
  if (!cache.has(key)) cache.set(key, make());
  return cache.get(key);
};
const sectionData = (type: unknown) => {
  const definition = typeof type === 'string' ? sectionRegistry.get(type) : undefined;
  return definition && once(`section:${definition.type}`, () => sectionJsonSchemas(definition).data);
};
const entrySchema = (collection: string) => {
  const schema = Object.hasOwn(collectionSchemas, collection) ? collectionSchemas[collection] : undefined;
  return schema && once(`collection:${collection}`, () => inputJsonSchema(schema));
};

/** The schema of `key` under `schema`, looking through `anyOf` (optional and nullable values). */
function child(schema: JsonSchema, key: string | number): JsonSchema | undefined {
  if (typeof key === 'number') return schema.items ?? schema.anyOf?.find((option) => option.items)?.items;
  return schema.properties?.[key] ?? schema.anyOf?.find((option) => option.properties?.[key])?.properties?.[key];
}

/** The strings this module finds, by the kind their schema declares: Markdown texts, and links (a menu item's, a button's). */
interface Found {
  markdown: Set<string>;
  link: Set<string>;
}

function collect(schema: JsonSchema | undefined, value: unknown, path: Path, out: Found): void {
  if (schema === undefined) return;
  if (typeof value === 'string') {
    for (const kind of ['markdown', 'link'] as const) {
      if (schema.kind === kind || schema.anyOf?.some((option) => option.kind === kind)) out[kind].add(pointerFromPath(path));
    }
  } else if (Array.isArray(value)) value.forEach((item, index) => collect(child(schema, index), item, [...path, index], out));
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) collect(child(schema, key), item, [...path, key], out);
  }
}

/** A section (`{ type, data }`, inline in a page or a shared file's whole document) at `path`. */
function collectSection(section: unknown, path: Path, out: Found): void {
  if (typeof section !== 'object' || section === null) return;
  const { type, data } = section as { type?: unknown; data?: unknown };
  collect(sectionData(type), data, [...path, 'data'], out);
}

/**
 * The last document read, with what was found: the check of links asks for a document's link
 * fields and then its Markdown fields, and one walk of it answers both.
 */
let last: { file: string; document: object; found: Found } | undefined;

/** The JSON pointers of the Markdown and link strings in `document`, the content of the data file `file`. */
function pointersIn(file: string, document: unknown): Found {
  const found: Found = { markdown: new Set(), link: new Set() };
  if (typeof document !== 'object' || document === null) return found;
  if (last?.file === file && last.document === document) return last.found;
  const [area, collection] = file.split('/');
  if (area === 'pages') {
    const { meta, sections } = document as { meta?: unknown; sections?: unknown };
    collect(once('page-meta', () => inputJsonSchema(PageMetaSchema)), meta, ['meta'], found);
    if (Array.isArray(sections)) sections.forEach((section, index) => collectSection(section, ['sections', index], found));
  } else if (file === SITE_SETTINGS_FILE) collect(once('site', () => inputJsonSchema(SiteSettingsSchema)), document, [], found);
  else if (area === 'shared') collectSection(document, [], found);
  else if (area === 'collections' && collection !== undefined && file.split('/').length === 3) collect(entrySchema(collection), document, [], found);
  last = { file, document, found };
  return found;
}

/**
 * The JSON pointers of the Markdown strings in `document`, the content of the data file `file`
 * (`pages/about.json`, `shared/footer.json`, `collections/posts/hello.json`).
 */
export const markdownPointers = (file: string, document: unknown): Set<string> => new Set(pointersIn(file, document).markdown);

/**
 * The JSON pointers of the link fields in `document` (the `link` kind: a menu item's, a button's
 * address), never a text that merely reads like an address (a label "/about").
 */
export const linkPointers = (file: string, document: unknown): Set<string> => new Set(pointersIn(file, document).link);
