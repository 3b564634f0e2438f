/** The meta of an entry's page: its template's, with the entry's own title, description and image first. */
import { collectionRegistry } from '../collections/registry';
import type { CurrentEntry } from './schema/define-section';
import type { Bundle } from './resolver';

/** A field's text, when it is a non-empty string. */
const textOf = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

export function entryMeta(meta: Bundle['meta'], current: CurrentEntry | undefined): Bundle['meta'] {
  if (!current) return meta;
  // Template meta.title names the site section; the entry's own title comes first.
  if ('post' in current) {
    const { post } = current;
    return { title: `${post.title} · ${meta.title}`, description: post.excerpt, ogImage: post.cover ?? meta.ogImage };
  }
  if ('tag' in current) return { title: `${current.tag.name} · ${meta.title}`, description: textOf(current.tag.description) ?? meta.description, ogImage: meta.ogImage };
  // Any other collection: named by its label field, described by its description field when it declares one.
  const definition = collectionRegistry.get(current.collection);
  const title = textOf(definition && current.entry[definition.labelField]) ?? current.slug;
  const description = textOf(definition?.descriptionField && current.entry[definition.descriptionField]) ?? meta.description;
  return { title: `${title} · ${meta.title}`, description, ogImage: meta.ogImage };
}
