/** Builds and production server: the content layer's copy, fixed at build time. */
import { getCollection } from 'astro:content';
import { snapshotFromEntries, type ContentSnapshot } from '../engine/snapshot';
import { DATA_COLLECTIONS, type DataCollection } from './data-collections';

let snapshot: Promise<ContentSnapshot> | undefined;

async function entriesOf(collection: DataCollection): Promise<[string, unknown][]> {
  // The collection names come from the registry at run time, not from a literal the types can list.
  const entries = (await getCollection(collection as never)) as { id: string; data: unknown }[];
  return entries.map((entry) => [`${entry.id}.json`, entry.data]);
}

export function loadBuildSnapshot(): Promise<ContentSnapshot> {
  snapshot ??= Promise.all((Object.keys(DATA_COLLECTIONS) as DataCollection[]).map(entriesOf)).then((lists) =>
    snapshotFromEntries(lists.flat()),
  );
  return snapshot;
}
