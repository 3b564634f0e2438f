// @ts-check
import { readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig, fontProviders } from 'astro/config';
import { searchForWorkspaceRoot } from 'vite';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { precompressStaticFiles } from './server/precompress.mjs';
import { normalisedPath } from './server/requests.mjs';
import { serverConfig } from './server/config.mjs';
import { serveUploadedImage, uploadedImagesDir } from './server/uploaded-images.mjs';
import { imageVariantHandler } from './server/image-variants.mjs';
import { answerClientErrors } from './server/listener.mjs';
import { responsiveImages } from './src/lib/images/integration.ts';
import { devRequestGuard } from './src/server/dev-guard.ts';
import { buildSnapshot } from './src/lib/build-snapshot.ts';
import { sectionCacheReport } from './src/lib/section-cache.ts';
import { contentEditor } from './src/editor/integration.ts';
import { vitePerCommand } from './src/server/vite-per-command.ts';
import { livePublishing } from './src/server/publish/integration.ts';
import { PRERENDER_CONCURRENCY } from './src/build-settings.mjs';
import { discovery } from './src/lib/seo/integration.ts';
import { fontFamilies } from './src/styles/typefaces.ts';

/** Each Fontsource package's unicode.json, read once: every subset of a family asks for it. */
const unicodeRanges = new Map();

/**
 * A Fontsource subset's unicode-range, as its package declares it (unicode.json beside its files/).
 * @param {string} packageName @param {string} subset
 */
function fontsourceUnicodeRange(packageName, subset) {
  if (!unicodeRanges.has(packageName)) {
    const latinFile = createRequire(import.meta.url).resolve(`${packageName}/files/${packageName.split('/')[1]}-latin-wght-normal.woff2`);
    unicodeRanges.set(packageName, JSON.parse(readFileSync(join(dirname(latinFile), '..', 'unicode.json'), 'utf8')));
  }
  const ranges = unicodeRanges.get(packageName);
  if (typeof ranges[subset] !== 'string') throw new Error(`${packageName} declares no subset "${subset}" (src/styles/typefaces.ts)`);
  return ranges[subset];
}

// Visitor pages are prerendered (see src/pages/[...slug].astro); only the API
// routes that opt out with `prerender = false` run in the Node server.
export default defineConfig({
  output: 'static',
  adapter: node({ mode: 'standalone' }),
  // precompressStaticFiles last: build-done hooks run in order, after the sitemap is written. React
  // renders the editor island only; visitor pages are prerendered with none, so they ship no JavaScript.
  // discovery(): the sitemap, and the build's warning without SITE_URL.
  // vitePerCommand(): the code version a build's render keys carry, and a Vite cache per command.
  integrations: [vitePerCommand(serverConfig().buildId), react(), contentEditor(), livePublishing(), buildSnapshot(), responsiveImages(), discovery({ siteUrl: serverConfig().siteUrl }), sectionCacheReport(), precompressStaticFiles()],
  // Without SITE_URL every absolute URL of a build points at localhost; discovery() says so in the build output.
  site: serverConfig().siteUrl ?? 'http://localhost:4321',
  // The write endpoints run their own origin, Host and content-type guard (src/server/guards.ts),
  // which answers in JSON; Astro's form-origin check would answer first, in plain text.
  security: { checkOrigin: false },
  devToolbar: { enabled: false },
  // Self-hosted typefaces (src/styles/typefaces.ts); the layout links the ones the site settings choose.
  fonts: fontFamilies(fontProviders.local, fontsourceUnicodeRange),
  // Pages link the route's stylesheet, which the renderer inlines, cut down to each page (src/server/publish/page-styles.ts).
  build: { inlineStylesheets: 'never', concurrency: PRERENDER_CONCURRENCY },
  vite: {
    server: {
      // Vite approves cross-origin requests from other localhost origins by default, which would let
      // any local page read the editor's documents. The dev server approves none (no CORS headers).
      cors: false,
      // Where the installed packages really are, should they be links (a shared install, or a test's
      // project copy): the editor island's modules are served from there.
      fs: { allow: [searchForWorkspaceRoot(process.cwd()), dirname(realpathSync('node_modules/astro'))] },
    },
    plugins: [
      {
        name: 'content-site-dev-server',
        enforce: 'post',
        configureServer(server) {
          // What Node's HTTP parser refuses gets a JSON error body, as in production (server/listener.mjs),
          // in place of Vite's own answer to it, a bare status line.
          if (server.httpServer) {
            server.httpServer.removeAllListeners('clientError');
            answerClientErrors(server.httpServer);
          }
          // Uploaded images come from the one handler production uses too, ahead of Vite's public/
          // server: it picks the file and its safety headers from the same normalised path, and an
          // upload is served the moment it is written (Vite serves only files its watcher has seen).
          const imagesDirs = [uploadedImagesDir(serverConfig().contentRoot, true)];
          server.middlewares.use((request, response, next) => {
            const path = normalisedPath(request.url ?? '') ?? '';
            serveUploadedImage(request, response, path, imagesDirs).then((served) => served || next(), next);
          });
          // Image variants (/_img/…) are made on their first request and cached, for dev and the editor's
          // preview, within the same limits as in production (server/variant-making-limits.mjs).
          const serveImageVariant = imageVariantHandler(serverConfig(), true);
          server.middlewares.use((request, response, next) => {
            serveImageVariant(request, response, normalisedPath(request.url ?? '') ?? '').then((served) => served || next(), next);
          });
          // A post hook of a post plugin runs after Astro's own, so unshifting here puts the
          // request guard first: before Astro builds a URL from the Host header, before it reads
          // (and buffers) a request's body, and before Vite's and Astro's own plain-text refusals.
          return () => {
            server.middlewares.stack.unshift({ route: '', handle: devRequestGuard });
          };
        },
      },
    ],
  },
});
