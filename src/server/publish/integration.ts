/**
 * Live publishing's routes and the build's renderer of visitor pages.
 *
 * The production server renders a changed page on demand through
 * `/_live/render/[...slug]` (LivePage.astro), in the server build
 * (src/server/publish/publisher.ts). A page prerendered by Astro comes from
 * another build of the same code (its prerender environment), whose styles
 * are split and ordered differently. So
 * the build renders every visitor page through the server build too, with the
 * same in-process renderer the server's publisher uses (render-in-process.ts):
 * what the build writes and what the server publishes are the same bytes by
 * construction. The renderer is inside the server build, which the build loads
 * as a plain module; one request over the server's private socket
 * (server/internal-renderer.mjs) loads the live route, which offers it. Other
 * prerendered routes (the feed, robots.txt) keep Astro's own prerenderer. `astro dev` reads the files on every request
 * and publishes nothing.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AstroIntegration, AstroPrerenderer } from 'astro';
import { loadLiveRoute } from '../../../server/internal-renderer.mjs';
import { compressWhileRendering } from '../../../server/precompress.mjs';
import { loadedLivePageRenderer, type RenderLivePage } from './live-page-renderer';
import { LIVE_PREFIX, LIVE_RENDER_PREFIX } from '../../lib/visitor-path';
import { NOT_FOUND_SLUG } from '../../engine/slug';

/** Prerendered route → how its page is named under /_live/render/ (the 404 page is the page document `404`). */
const VISITOR_ROUTE = 'src/pages/[...slug].astro';
const NOT_FOUND_ROUTE = 'src/pages/404.astro';

// Node's own import(): this file is loaded through the config loader's module runner, which is
// closed by the time pages are generated, and which would rewrite a plain `import()`.
const importNative = new Function('url', 'return import(url)') as (url: string) => Promise<{ handler: Parameters<typeof loadLiveRoute>[0] }>;

/** Astro's prerenderer, with the visitor pages rendered by the server build's live route. */
function throughServerBuild(base: AstroPrerenderer, serverEntry: URL): AstroPrerenderer {
  let renderLivePage: RenderLivePage | undefined;
  return {
    name: 'live-publishing',
    async setup() {
      await base.setup?.();
      // The server build without its own listening server, as server/index.mjs loads it.
      process.env.ASTRO_NODE_AUTOSTART = 'disabled';
      const { handler } = await importNative(pathToFileURL(fileURLToPath(serverEntry)).href);
      // Any answer of the live route (a site need not have a home page) means its module is loaded.
      const answer = await loadLiveRoute(handler, `${LIVE_RENDER_PREFIX}/`, {});
      renderLivePage = loadedLivePageRenderer();
      if (!renderLivePage) throw new Error(`The server build's live route did not offer its page renderer (it answered ${answer})`);
    },
    getStaticPaths: () => base.getStaticPaths(),
    async render(request, options) {
      const { component } = options.routeData;
      if ((component !== VISITOR_ROUTE && component !== NOT_FOUND_ROUTE) || !renderLivePage) return base.render(request, options);
      const path = component === NOT_FOUND_ROUTE ? `/${NOT_FOUND_SLUG}/` : new URL(request.url).pathname;
      const { status, headers, body } = await renderLivePage(path, {});
      if (status === 200) compressWhileRendering(body);
      return new Response(status === 301 || status === 302 ? null : body, { status, headers });
    },
    async teardown() {
      await base.teardown?.();
    },
    ...(base.collectStaticImages && { collectStaticImages: () => base.collectStaticImages!() }),
  };
}

export function livePublishing(): AstroIntegration {
  let serverEntry: URL | undefined;
  return {
    name: 'live-publishing',
    hooks: {
      'astro:config:setup': ({ command, injectRoute, updateConfig }) => {
        if (command !== 'build') return;
        // With a prerenderer of its own, Astro leaves building its prerender entry to the adapter;
        // ours wraps Astro's (which renders every other prerendered route), so it needs that entry.
        updateConfig({ vite: { plugins: [{ name: 'live-publishing:prerender-entry', configEnvironment: (name) => (name === 'prerender' ? { build: { rolldownOptions: { input: 'astro/entrypoints/prerender' } } } : undefined) }] } });
        injectRoute({ pattern: `${LIVE_RENDER_PREFIX}/[...slug]`, entrypoint: './src/server/publish/LivePage.astro', prerender: false });
        injectRoute({ pattern: `${LIVE_PREFIX}/publish`, entrypoint: './src/server/publish/start.ts', prerender: false });
      },
      'astro:config:done': ({ config }) => {
        serverEntry = new URL('entry.mjs', config.build.server);
      },
      'astro:build:start': ({ setPrerenderer }) => {
        setPrerenderer((base) => throughServerBuild(base, serverEntry!));
      },
    },
  };
}
