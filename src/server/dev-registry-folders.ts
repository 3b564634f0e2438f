/**
 * The dev server takes in a section type or a collection added (or removed) while it runs.
 *
 * The registries are `import.meta.glob`s (src/sections/registry.ts, src/collections/registry.ts,
 * and the views in src/lib/section-views.ts). Vite expands a glob again when a matching
 * file appears, but its server-side modules do not always follow (vitejs/vite#2734 and kin): once
 * the editor's page had been hot-updated, the server kept the old registry until a restart, so the
 * editor offered a new type that its preview and save refused. Saving the importer by hand always
 * worked, so when a file a glob matches comes or goes, this announces its importer as changed.
 */
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

export function followRegistryFolders(): Plugin {
  return {
    name: 'content-site-registry-folders',
    apply: 'serve',
    configureServer(server) {
      const root = server.config.root;
      const announce = (path: string) => {
        for (const importer of importersOf(relative(root, path).split(sep).join('/'))) server.watcher.emit('change', join(root, importer));
      };
      server.watcher.on('add', announce);
      server.watcher.on('unlink', announce);
    },
  };
}
