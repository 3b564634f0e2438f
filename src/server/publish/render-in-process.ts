/**
 * Renders a visitor page through the live route (`/_live/render/…`,
 * LivePage.astro) in this process, straight through Astro's app: the same
 * route, middleware and components as a request, without a socket, HTTP
 * parsing, streaming or the adapter's static-file lookup in front of it.
 *
 * The production server's publisher calls it directly; the build, which loads
 * the server build from outside, finds it on globalThis once the live route's
 * module is loaded (src/server/publish/integration.ts). Both write the same
 * bytes by construction, since both render here. So do the server's render
 * workers (render-pool.ts), each with its own copy of this module.
 */
import { createApp } from 'astro/app/entrypoint';
import { adoptBundle } from '../../lib/content';
import { LIVE_RENDER_PREFIX } from '../../lib/visitor-path';
import { withLiveRenderContext } from '../render-context';
import { offerLivePageRenderer, type RenderLivePage, type RenderLivePageParts } from './live-page-renderer';
import { inlinedPage, responseStyleSplices } from './page-styles';
import { unmarkedPage } from '../../lib/view-marks';
import { createRenderWorkerSide, offerRenderWorkerSide } from './render-worker-side';

let app: ReturnType<typeof createApp> | undefined;

/**
 * The page at visitor path `path` (`/`, `/about/`), rendered for `context`, with its stylesheet
 * links as they are and where their styles go (page-styles.ts), and where its sections' views are
 * when the context asks: a render worker sends the server the page this way, and the server keeps
 * it as pieces that share the styles (and can swap a view, page-layout.ts).
 */
export const renderLivePageParts: RenderLivePageParts = async (path, context) => {
  // Not streamed: the whole page is wanted as one string, and building it whole is cheaper.
  app ??= createApp({ streaming: false });
  const request = new Request(new URL(`${LIVE_RENDER_PREFIX}${path}`, 'http://localhost'));
  const response = await withLiveRenderContext(context, () => app!.render(request, { routeData: app!.match(request) }));
  const marked = await bytesOf(response);
  // Marks around the views, when asked for (src/lib/view-marks.ts): taken out here, where they were made.
  const unmarked = context.markViews ? unmarkedPage(marked) : undefined;
  if (unmarked) response.headers.delete('content-length');
  const body = unmarked?.body ?? marked;
  return { status: response.status, headers: response.headers, body, styles: responseStyleSplices(response.headers, body), ...(unmarked && { views: unmarked.views }) };
};

/** The page at visitor path `path`, rendered for `context`, its styles inlined: the bytes visitors get. */
export const renderLivePage: RenderLivePage = async (path, context) => {
  const { styles, body, ...rendered } = await renderLivePageParts(path, context);
  return { ...rendered, body: inlinedPage(body, styles) };
};

/**
 * The body's bytes as they come: a page not streamed is one chunk, taken as it is, where
 * `arrayBuffer()` gathered it into a new buffer, copied once more (about 8 % of a render worker's time in a profile).
 */
async function bytesOf(response: Response): Promise<Buffer<ArrayBuffer>> {
  if (!response.body) return Buffer.alloc(0);
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  for await (const chunk of response.body) chunks.push(chunk as Uint8Array<ArrayBuffer>);
  return chunks.length === 1 ? Buffer.from(chunks[0]!.buffer, chunks[0]!.byteOffset, chunks[0]!.byteLength) : Buffer.concat(chunks);
}

offerLivePageRenderer(renderLivePage);
// In a render worker (server/render-worker.mjs), the same renderer serves the server's render pool.
offerRenderWorkerSide(createRenderWorkerSide(renderLivePageParts, adoptBundle));
