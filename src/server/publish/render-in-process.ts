/**
 * Renders a visitor page through the live route (`/_live/render/…`,
 * LivePage.astro) in this process, straight through Astro's app: the same
 * route, middleware and components as a request, without a socket, HTTP
 * parsing, streaming or the adapter's static-file lookup in front of it.
 *
 * The production server's publisher calls it directly; the build, which loads
 * the server build from outside, finds it on globalThis once the live route's
 * module is loaded (src/server/publish/integration.ts). Both write the same
 * bytes by construction, since both render here.
 */
import { createApp } from 'astro/app/entrypoint';
import { LIVE_RENDER_PREFIX } from '../../lib/visitor-path';
import { withLiveRenderContext } from '../render-context';
import { offerLivePageRenderer, type RenderLivePage } from './live-page-renderer';

let app: ReturnType<typeof createApp> | undefined;

/** The page at visitor path `path` (`/`, `/about/`), rendered for `context`. */
export const renderLivePage: RenderLivePage = async (path, context) => {
  // Not streamed: the whole page is wanted as one string, and building it whole is cheaper.
  app ??= createApp({ streaming: false });
  const request = new Request(new URL(`${LIVE_RENDER_PREFIX}${path}`, 'http://localhost'));
  const response = await withLiveRenderContext(context, () => app!.render(request, { routeData: app!.match(request) }));
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
};

offerLivePageRenderer(renderLivePage);
