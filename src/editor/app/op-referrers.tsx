/** Pieces of the delete and rename dialog (ContentOpsDialog.tsx): who points at a thing, and where its new name goes. */
import type { NamedReferrer, OpTarget } from '../lib/content-ops';
import { entryCollectionOf, entryPagePrefix } from '../lib/entries';
import type { Docs } from '../lib/model';
import { placeOf } from '../lib/page-links';

/**
 * The address a renamed thing's new name follows, shown before the name's input: an entry's is
 * its collection's template page's (`/blog/` for a `blog/[slug]` template), not its folder's name.
 */
export function prefixOf(docs: Docs, target: OpTarget): string {
  if (target.type === 'image') return '/assets/images/';
  const doc = docs[target.file]!;
  if (doc.kind === 'page') return '/';
  if (doc.kind === 'shared') return 'src/data/shared/';
  const collection = entryCollectionOf(doc);
  return `/${entryPagePrefix(docs, collection) ?? `${collection}/`}`;
}

/** The documents that point at a thing, each with the places in it that do. */
export function ReferrerList({ referrers, docs }: { referrers: readonly NamedReferrer[]; docs: Docs }) {
  return (
    <ul className="op-referrers">
      {referrers.map((referrer) => (
        <li key={referrer.file}>
          <strong>{referrer.name}</strong> <span className="op-where">in {[...new Set(referrer.pointers.map((pointer) => placeOf(docs, referrer.file, pointer)))].join(', ')}</span>
        </li>
      ))}
    </ul>
  );
}
