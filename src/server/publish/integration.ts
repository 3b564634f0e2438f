/**
 * Live publishing's routes, and the build's visitor pages.
 *
 * The production server renders a changed page on demand through
 * `/_live/render/[...slug]` (LivePage.astro), in the server build
 * (src/server/publish/publisher.ts). A page prerendered by Astro comes from
 * another build of the same code (its prerender environment), whose styles
 * are split and ordered differently. So the build makes every visitor page as
 * the server publishes a change (build-pages.ts): it loads the server build as
 * a plain module, one request over the server's private socket
 * (server/internal-renderer.mjs) loads the live route, whose module offers the
 * build's plan and the in-process renderer (live-page-renderer.ts), and the
 * render workers render every page. What the build writes and what the server
 * publishes are the same bytes by construction. Astro's own prerenderer
 * renders the rest (moved pages' redirects, the feed, robots.txt). `astro dev`
 * reads the files on every request and publishes nothing.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeFile } from 'node:fs/promises';
import type { AstroConfig, AstroIntegration, AstroIntegrationLogger, AstroPrerenderer, PrerenderResult } from 'astro';
import { loadLiveRoute } from '../../../server/internal-renderer.mjs';
import { offerStylesheets } from '../../../server/stylesheets.mjs';
import { withStylesInlined } from './page-styles';
import { loadedBuildPlanner, loadedLivePageRenderer, type PlanBuild, type RenderLivePage } from './live-page-renderer';
import { buildVisitorPages, PAGE_BUNDLES_FILE } from './build-pages';
import type { BuiltLayout } from './publication-layouts';
import type { PublishedPage } from './published-pages';
import { serverConfig } from '../../../server/config.mjs';
import { LIVE_PREFIX, LIVE_RENDER_PREFIX } from '../../lib/visitor-path';
import { buildStop } from '../../engine/content-error';
import { NOT_FOUND_SLUG, slugFromPath } from '../../engine/slug';

/** Prerendered route → how its page is named under /_live/render/ (the 404 page is the page document `404`). */
const VISITOR_ROUTE = 'src/pages/[...slug].astro';
const NOT_FOUND_ROUTE = 'src/pages/404.astro';

// Node's own import(): this file is loaded through the config loader's module runner, which is
// closed by the time pages are generated, and which would rewrite a plain `import()`.
const importNative = new Function('url', 'return import(url)') as (url: string) => Promise<{ handler: Parameters<typeof loadLiveRoute>[0] }>;

/**
 * Astro's prerenderer, with the visitor pages made by the build's publication (build-pages.ts)
 * before Astro renders the rest: moved pages' redirects, the feed, robots.txt.
 */
function throughServerBuild(base: AstroPrerenderer, build: { root: URL; serverEntry: URL; clientDir: URL; site: URL; logger: AstroIntegrationLogger; published: (json: string) => void }): AstroPrerenderer {
  let renderLivePage: RenderLivePage | undefined;
  let planBuild: PlanBuild | undefined;
  return {
    name: 'live-publishing',
    async setup() {
      await base.setup?.();
      // The server build without its own listening server, as server/index.mjs loads it.
      process.env.ASTRO_NODE_AUTOSTART = 'disabled';
      offerStylesheets(build.serverEntry);
      const { handler } = await importNative(pathToFileURL(fileURLToPath(build.serverEntry)).href);
      // Any answer of the live route (a site need not have a home page) means its module is loaded.
      const answer = await loadLiveRoute(handler, `${LIVE_RENDER_PREFIX}/`, {});
      renderLivePage = loadedLivePageRenderer();
      planBuild = loadedBuildPlanner();
      if (!renderLivePage || !planBuild) {
        // The route's module failed to load: its own error, printed above this one (a broken section folder, say), is what to fix.
        throw buildStop(`The visitor pages cannot be built: the server build's page route did not load (it answered ${answer.trim()}). The error printed before this one says why.`);
      }
    },
    async getStaticPaths() {
      const paths = await base.getStaticPaths();
      const workerFiles = { script: new URL('server/render-worker.mjs', build.root).href, serverEntry: build.serverEntry.href };
      const clientDir = fileURLToPath(build.clientDir);
      const { published, layouts, where, planMs, renderMs } = await buildVisitorPages(() => planBuild!(build.site), { clientDir, renderOnThread: renderLivePage!, workerFiles, workers: serverConfig().publishWorkers });
      // What went to the render workers is not kept; the server makes its own when it publishes. Where
      // each page's views are is, so that the server can make the page from its pieces (publication-layouts.ts).
      const withLayout = ({ bundleToRender: _sent, layoutKeys: keys, ...page }: PublishedPage) => {
        const inFile = layouts.get(page.path);
        return inFile ? { ...page, layout: { keys, ...inFile } satisfies BuiltLayout } : page;
      };
      build.published(JSON.stringify({ ...published, pages: published.pages.map(withLayout) }));
      const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
      build.logger.info(`${published.pages.length} visitor pages planned and rendered ${where} in ${seconds(renderMs)} (planned in ${seconds(planMs)}, rendering from the first page planned)`);
      // Astro renders the rest: what the publication made is left out.
      const made = new Set(published.pages.map((page) => page.slug));
      return paths.filter(({ pathname, route }) => {
        if (route.component === VISITOR_ROUTE) return !made.has(slugFromPath(pathname));
        return route.component !== NOT_FOUND_ROUTE || !made.has(NOT_FOUND_SLUG);
      });
    },
    async render(request, options) {
      const { component } = options.routeData;
      if ((component !== VISITOR_ROUTE && component !== NOT_FOUND_ROUTE) || !renderLivePage) return withInlinedStyles(await base.render(request, options));
      const path = component === NOT_FOUND_ROUTE ? `/${NOT_FOUND_SLUG}/` : new URL(request.url).pathname;
      const { status, headers, body } = await renderLivePage(path, {});
      return new Response(status === 301 || status === 302 ? null : body, { status, headers });
    },
    async teardown() {
      await base.teardown?.();
    },
    ...(base.collectStaticImages && { collectStaticImages: () => base.collectStaticImages!() }),
  };
}

/** An HTML page Astro rendered (the 500 page), its stylesheets inlined as the visitor pages' are. */
async function withInlinedStyles(rendered: Response | PrerenderResult): Promise<Response | PrerenderResult> {
  const response = rendered instanceof Response ? rendered : rendered.response;
  if (!response.headers.get('content-type')?.startsWith('text/html') || !response.body) return rendered;
  const headers = new Headers(response.headers);
  const inlined = new Response(withStylesInlined(headers, Buffer.from(await response.arrayBuffer())), { status: response.status, statusText: response.statusText, headers });
  return rendered instanceof Response ? inlined : { ...rendered, response: inlined };
}

export function livePublishing(): AstroIntegration {
  let config: AstroConfig | undefined;
  let published: string | undefined;
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
      'astro:config:done': ({ config: done }) => {
        config = done;
      },
      'astro:build:start': ({ setPrerenderer, logger }) => {
        const { server, client } = config!.build;
        setPrerenderer((base) => throughServerBuild(base, { root: config!.root, serverEntry: new URL('entry.mjs', server), clientDir: client, site: new URL(config!.site!), logger, published: (json) => (published = json) }));
      },
      // Once Astro has arranged dist/server/, which it does after prerendering.
      'astro:build:done': async () => {
        if (published === undefined) throw new Error('The build made no publication of its visitor pages');
        await writeFile(new URL(PAGE_BUNDLES_FILE, config!.build.server), published);
      },
    },
  };
}
