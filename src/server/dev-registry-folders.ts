/**
 * The dev server takes in a section type or a collection added (or removed) while it runs.
 *
 * The registries are `import.meta.glob`s (src/sections/registry.ts, src/collections/registry.ts,
 * and the views in src/lib/section-views.ts). Vite expands a glob again when a matching
 * file appears, but its server-side modules do not always follow (vitejs/vite#2734 and kin): once
 * the editor's page had been hot-updated, the server kept the old registry until a restart, so the
 * editor offered a new type that its preview and save refused. Saving the importer by hand always
 * worked, so when a file a glob matches comes or goes, this announces its importer as changed; and
 * when a type's or a collection's folder comes or goes, it looks again after a moment for the
 * files the watcher missed (ANNOUNCE_AGAIN_AFTER_MS says why).
 */
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Plugin } from 'vite';

/** Each glob's importer, and the file that makes a folder one of its entries (`sections/<type>/section.ts`). */
const GLOB_IMPORTERS = [
  { importer: 'src/sections/registry.ts', folder: 'src/sections', entry: 'section.ts' },
  { importer: 'src/lib/section-views.ts', folder: 'src/sections', entry: 'View.astro' },
  { importer: 'src/collections/registry.ts', folder: 'src/collections', entry: 'collection.ts' },
] as const;

/** The importers whose glob matches `file`, a path relative to the project's root with `/` between segments. */
export function importersOf(file: string): string[] {
  const segments = file.split('/');
  const importers = GLOB_IMPORTERS.filter(({ folder, entry }) => {
    const folderSegments = folder.split('/');
    return (
      segments.length === folderSegments.length + 2 &&
      folderSegments.every((segment, index) => segments[index] === segment) &&
      segments[segments.length - 1] === entry
    );
  }).map(({ importer }) => importer);
  return [...new Set(importers)];
}

/** The registry folder a new or removed folder `path` (relative, `/` between segments) is an entry of: `src/sections` for `src/sections/quote`. */
export function registryFolderOf(path: string): string | undefined {
  const segments = path.split('/');
  const folder = segments.slice(0, -1).join('/');
  return segments.length === 3 && GLOB_IMPORTERS.some((glob) => glob.folder === folder) ? folder : undefined;
}

/**
 * When to look again at a registry folder's entry that came or went, in ms. chokidar (3.6, in
 * Vite) reads a new folder before it starts watching it, so a file written in the same breath as
 * its folder (a copied folder, a script, a test) can fall between the two and is never reported:
 * a section type whose section.ts was seen and whose View.astro was not, which the dev server
 * refused ("has no View.astro") until it restarted. Each look announces only a file whose presence
 * differs from what the watcher reported (announcing every glob again reloaded the editor's page
 * twice more for nothing, under the hands of whoever was using it).
 */
export const ANNOUNCE_AGAIN_AFTER_MS = [300, 1_500];

export function followRegistryFolders(): Plugin {
  return {
    name: 'content-site-registry-folders',
    apply: 'serve',
    configureServer(server) {
      const root = server.config.root;
      const relativePath = (path: string) => relative(root, path).split(sep).join('/');
      const announce = (importers: string[]) => {
        for (const importer of importers) server.watcher.emit('change', join(root, importer));
      };
      // The entry files as the watcher reported them (those there at start are not, and need not be).
      const present = new Set<string>();
      const reported = (path: string, there: boolean) => {
        const file = relativePath(path);
        const importers = importersOf(file);
        if (importers.length === 0) return;
        if (there) present.add(file);
        else present.delete(file);
        announce(importers);
      };
      /** The entry files of `entry` (`src/sections/quote`) whose presence on disk the watcher did not report. */
      const lookAgain = (entry: string) => {
        for (const glob of GLOB_IMPORTERS.filter(({ folder }) => entry.startsWith(`${folder}/`))) {
          const file = `${entry}/${glob.entry}`;
          const there = existsSync(join(root, file));
          if (there !== present.has(file)) reported(join(root, file), there);
        }
      };
      server.watcher.on('add', (path) => reported(path, true));
      server.watcher.on('unlink', (path) => reported(path, false));
      for (const event of ['addDir', 'unlinkDir'] as const) {
        server.watcher.on(event, (path) => {
          const entry = relativePath(path);
          if (registryFolderOf(entry)) for (const delay of ANNOUNCE_AGAIN_AFTER_MS) setTimeout(() => lookAgain(entry), delay).unref();
        });
      }
    },
  };
}
