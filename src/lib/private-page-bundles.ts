/**
 * The build writes every page's bundle into one file (src/pages/page-bundles.json.ts),
 * which the production server loads at start to answer the page API from memory.
 * It is the server's input, not a download: this integration moves it out of the
 * static folder (dist/client/, which any URL spelling can reach) into dist/server/
 * once the build is done.
 */
import { rename } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';

export const PAGE_BUNDLES_FILE = 'page-bundles.json';

export function privatePageBundles(): AstroIntegration {
  let serverDir: URL | undefined;
  return {
    name: 'private-page-bundles',
    hooks: {
      'astro:config:done': ({ config }) => {
        serverDir = config.build.server;
      },
      'astro:build:done': async ({ dir }) => {
        await rename(new URL(PAGE_BUNDLES_FILE, dir), new URL(PAGE_BUNDLES_FILE, serverDir));
      },
    },
  };
}
