/**
 * The visual editor: its routes render on demand, under `astro dev` for the
 * developer and on the production server behind sign-in (src/middleware.ts).
 * Visitor pages never load its code: they are prerendered with no island.
 */
import { dirname, join } from 'node:path';
import type { AstroIntegration } from 'astro';
import { serverConfig } from '../../server/config.mjs';
import { refuseContentFileRequests } from '../server/dev-data-requests';
import { followRegistryFolders } from '../server/dev-registry-folders';
import { variantCacheDir } from '../../server/image-variant-store.mjs';
import { fsStoreDirs } from '../server/store/dirs';
import { createFsTransactions } from '../server/store/fs-transaction';

export function contentEditor(): AstroIntegration {
  let dev = false;
  return {
    name: 'content-editor',
    hooks: {
      // In dev the visitor route renders on request, from the files as they are now, so pages
      // created or renamed in the editor are reachable at once; builds still prerender every page.
      'astro:route:setup': ({ route }) => {
        if (dev && route.component === 'src/pages/[...slug].astro') route.prerender = false;
      },
      // Before the dev server serves anything: a change a crash interrupted is completed, and
      // files staged for changes that never committed are removed (src/server/store/fs-transaction.ts).
      'astro:server:setup': async () => {
        const { dataRoot, imagesDir, journalDir } = fsStoreDirs(serverConfig().contentRoot);
        await createFsTransactions(journalDir, [dataRoot, imagesDir]).recover({ sweepTemps: true });
      },
      'astro:config:setup': ({ command, config, injectRoute, updateConfig }) => {
        dev = command === 'dev';
        // The sign-in page, before the catch-all editor route (a static segment outranks a rest parameter anyway).
        injectRoute({ pattern: '/editor/sign-in', entrypoint: './src/editor/routes/SignIn.astro', prerender: false });
        injectRoute({ pattern: '/editor/[...slug]', entrypoint: './src/editor/routes/EditorPage.astro', prerender: false });
        injectRoute({ pattern: '/api/editor/state', entrypoint: './src/editor/routes/state.ts', prerender: false });
        injectRoute({ pattern: '/api/editor/preview', entrypoint: './src/editor/routes/preview.astro', prerender: false });
        if (!dev) return;
        // The dev site reads content from disk on every request, so content changes need no
        // reload; without this, every save would make the browser reload the editor.
        // (public/ stays watched: Vite serves only the public files its watcher knows.)
        // Vite would also serve the content folders' files by their paths (/src/data/…, /public/assets/images/…,
        // /@fs/…), through symbolic links too, and uploads without their own route's headers: it never does.
        // Nor does Astro's image endpoint, which names those files in its query (dev-data-requests.ts).
        // A section type or collection added while it runs is taken in (src/server/dev-registry-folders.ts).
        const { contentRoot, projectRoot, usersFile, auditLog } = serverConfig();
        const { dataRoot, imagesDir, journalDir } = fsStoreDirs(contentRoot);
        const refused = [dataRoot, imagesDir, dirname(journalDir), join(projectRoot, '.content-store'), variantCacheDir(projectRoot), usersFile, auditLog];
        updateConfig({ vite: { server: { watch: { ignored: ['**/src/data/**'] } }, plugins: [refuseContentFileRequests(refused, config.image.endpoint.route), followRegistryFolders()] } });
      },
    },
  };
}
