/** The meta of an entry's page: its template's, with the entry's own title, description and image first. */
import type { CurrentEntry } from './schema/define-section';
import type { Bundle } from './resolver';

export function entryMeta(meta: Bundle['meta'], current: CurrentEntry | undefined): Bundle['meta'] {
  if (!current) return meta;
  // Template meta.title names the site section; the entry's own title comes first.
  if (current.collection === 'posts') {
    const { post } = current;
    return { title: `${post.title} · ${meta.title}`, description: post.excerpt, ogImage: post.cover ?? meta.ogImage };
  }
  return { title: `${current.tag.name} · ${meta.title}`, description: current.tag.description, ogImage: meta.ogImage };
}
