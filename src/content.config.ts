/**
 * Every JSON file under src/data is loaded into Astro's content layer, so the
 * production build carries a fixed copy of the content: prerendered pages and
 * the API in the Node server read the same data. The content layer validates
 * nothing: the resolver (src/engine/resolver.ts) validates every file against
 * its schema, so one invalid file breaks only the pages that depend on it, and
 * `npm run dev` starts whatever state the content is in (a schema here made
 * one invalid entry stop the dev server, and with it the editor that could fix it).
 *
 * Entry ids are the file paths without `.json` (`pages/docs/getting-started`),
 * so a `$ref`'s file path maps to exactly one entry.
 *
 * Astro's glob loader follows symbolic links, so a link in src/data would
 * publish whatever it points to. Every loader first refuses links (see
 * src/engine/data-files.ts): `astro build` and `astro sync` fail and name
 * each one. `astro dev` serves content from disk itself (src/lib/dev-snapshot.ts),
 * never from the content layer, so there the loaders report the links and load
 * nothing, and the dev server still starts.
 */
import { fileURLToPath } from 'node:url';
import { defineCollection } from 'astro:content';
import { glob, type Loader } from 'astro/loaders';
import { listDataFiles } from './engine/data-files';
import { DATA_COLLECTIONS } from './lib/data-collections';

const pathId = ({ entry }: { entry: string }) => entry.replace(/\.json$/, '');
const base = './src/data';

/** `loader`, run only while src/data holds no symbolic link. */
function refusingLinks(loader: Loader): Loader {
  return {
    ...loader,
    load: async (context) => {
      const { refused } = await listDataFiles(fileURLToPath(new URL(`${base}/`, context.config.root)));
      if (refused.size === 0) return loader.load(context);
      const message = `src/data holds entries that are never read:\n${[...refused.values()].map((reason) => `  - src/data/${reason}`).join('\n')}`;
      // Only the dev server passes a watcher; it reads src/data itself and refuses the same entries.
      if (context.watcher) return context.logger.error(message);
      throw new Error(message);
    },
  };
}

const load = (pattern: string | string[]) => refusingLinks(glob({ base, pattern, generateId: pathId }));

// Pages, shared documents, and one content collection per registered collection (src/collections/).
export const collections = Object.fromEntries(Object.entries(DATA_COLLECTIONS).map(([name, pattern]) => [name, defineCollection({ loader: load(pattern) })]));
