/**
 * Renders docs/sections.md from the registry. A unit test fails when the
 * committed file differs, and `npm run docs` rewrites it, so the field
 * reference can never drift from the schemas.
 */
import { z } from 'astro/zod';
import type { AnySectionDefinition } from './schema/define-section';
import { inputJsonSchema, sectionJsonSchemas, type JsonSchema } from './schema/json-schema';
import { PageMetaSchema } from './schema/page';
import { MAX_HEADING_LENGTH, MAX_LABEL_LENGTH, MAX_LINE_LENGTH, MAX_MARKDOWN_LENGTH, MAX_PARAGRAPH_LENGTH, MAX_URL_LENGTH } from './schema/primitives';
import { publicationFields } from './schema/publication';
import type { AnyCollectionDefinition } from './schema/define-collection';
import { SITE_SETTINGS_FILE, SiteSettingsSchema } from './schema/site-settings';

const code = (value: unknown) => `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;
const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

function typeOf(schema: JsonSchema): string {
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(' or ');
  if (schema.enum) return `one of ${schema.enum.map(code).join(', ')}`;
  const bounds = (min?: number, max?: number, unit = '') =>
    min !== undefined && max !== undefined ? ` (${min}–${max}${unit})` : min !== undefined ? ` (at least ${min}${unit})` : max !== undefined ? ` (at most ${max}${unit})` : '';
  switch (schema.type) {
    case 'array':
      return `list${bounds(schema.minItems, schema.maxItems, ' items')} of ${schema.items?.title ?? typeOf(schema.items ?? {})}`;
    case 'object':
      return 'object';
    case 'integer':
      return `integer${bounds(schema.minimum, schema.maximum)}`;
    case 'string':
      if (schema.kind === 'markdown') return 'Markdown';
      if (schema.format === 'date') return 'date (YYYY-MM-DD)';
      if (schema.format === 'email') return 'email address';
      if (schema.kind === 'color') return 'colour (#rrggbb)';
      if (schema.kind === 'link') return '[link](content-model.md#links-and-image-urls)';
      if (schema.kind === 'image-url') return '[image URL](content-model.md#links-and-image-urls)';
      return schema.maxLength === undefined ? 'text' : `text (at most ${schema.maxLength.toLocaleString('en')} characters)`;
    default:
      return String(schema.type ?? 'any');
  }
}

function fieldRows(schema: JsonSchema, prefix = ''): string[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).flatMap(([key, field]) => {
    const path = `${prefix}${key}`;
    const notes = [field.description ?? ''];
    if (field.default !== undefined) notes.push(`Default ${code(field.default)}.`);
    const row = `| ${code(path)} | ${cell(typeOf(field))} | ${required.has(key) ? 'yes' : 'no'} | ${cell(notes.join(' ').trim())} |`;
    const nested = field.type === 'array' && field.items?.type === 'object' ? fieldRows(field.items, `${path}[].`) : field.type === 'object' ? fieldRows(field, `${path}.`) : [];
    return [row, ...nested];
  });
}

function table(schema: JsonSchema): string {
  const rows = fieldRows(schema);
  if (rows.length === 0) return '_No fields._';
  return ['| Field | Type | Required | Description |', '|---|---|---|---|', ...rows].join('\n');
}

function sectionDoc(definition: AnySectionDefinition): string {
  const { data, settings, bound } = sectionJsonSchemas(definition);
  const rules = [
    `Rendered as \`<${definition.element}>\`.`,
    definition.placement === 'first' ? 'At most once per page, as the first section after the header.' : definition.placement === 'once' ? 'The editor offers it only to a page that has none (the shared one counts).' : '',
  ].filter(Boolean);
  const parts = [
    `### \`${definition.type}\` — ${definition.label}`,
    definition.description,
    definition.keywords.length > 0 ? `The editor's **Add section** search also finds it by: ${definition.keywords.join(', ')}.` : '',
    rules.join(' '),
    '**Data**',
    table(data),
  ].filter(Boolean);
  if (bound.length > 0) {
    parts.push(
      '**Filled by the resolver** (never stored; see [binding rules](content-model.md#collection-bindings))',
      bound.map((field) => `- ${code(field.key)}: ${field.description}`).join('\n'),
    );
  }
  parts.push('**Settings**', table(settings));
  return parts.join('\n\n');
}

export function renderSectionDocs(definitions: readonly AnySectionDefinition[], collections: readonly AnyCollectionDefinition[]): string {
  return [
    '# Section and content reference',
    '<!-- Generated from the zod schemas by `npm run docs`; do not edit by hand. -->',
    'Every field below comes from the section schemas in `src/sections/<type>/section.ts`. Required text fields reject blank or whitespace-only values; every text has the limit its row states (a label ' + MAX_LABEL_LENGTH + ', a title ' + MAX_HEADING_LENGTH + ', a sentence ' + MAX_LINE_LENGTH + ', a paragraph ' + MAX_PARAGRAPH_LENGTH.toLocaleString('en') + ' characters; see [content-model.md](content-model.md#text-limits)), and a Markdown text holds at most ' + MAX_MARKDOWN_LENGTH.toLocaleString('en') + ' characters. Any field, object or whole section in a stored page may instead be a `$ref` (see [content-model.md](content-model.md#ref-pointers)). A *link* is `https://…`, `http://…`, `mailto:…`, `tel:…`, a site path `/…`, a `?query` or a `#anchor`; an *image URL* is `https://…` or a site path `/…` (not `http://…`, which browsers block or flag on an https site). Both hold at most ' + MAX_URL_LENGTH.toLocaleString('en') + ' characters and no user name or password (`https://user:password@…`). Nothing else is accepted: no `javascript:`, `data:` or `//host` URLs.',
    '## Page metadata (`meta`)',
    table(inputJsonSchema(PageMetaSchema)),
    '## Publication (`status`, `publishAt`)',
    'Every page file and every collection entry may have these two fields. A draft, or a document whose `publishAt` is still ahead, is on no public surface (its page, the lists, the sitemap, the feed, the page API); the editor previews it. See [content-model.md](content-model.md#drafts-and-schedules).',
    table(inputJsonSchema(z.object(publicationFields))),
    '## Sections',
    definitions.map((definition) => `- [\`${definition.type}\`](#${definition.type.replaceAll(/[^a-z0-9-]/g, '')}--${definition.label.toLowerCase().replaceAll(/[^a-z0-9]+/g, '-')}) — ${definition.description}`).join('\n'),
    ...definitions.map(sectionDoc),
    '## Collections',
    ...collections.flatMap((collection) => [
      `### ${collection.label} (\`src/data/collections/${collection.name}/<slug>.json\`)`,
      collection.description,
      table(inputJsonSchema(collection.schema)),
    ]),
    `## Site settings (\`src/data/${SITE_SETTINGS_FILE}\`)`,
    'One document for the whole site, edited in the editor under **Site settings** (administrators only). It is checked when saved and when the site is built: the language must be a BCP 47 tag, the brand colour must keep 4.5:1 contrast with white and the light backgrounds, and the typefaces are the self-hosted ones the site ships. See [content-model.md](content-model.md#site-settings).',
    table(inputJsonSchema(SiteSettingsSchema)),
  ].join('\n\n') + '\n';
}
