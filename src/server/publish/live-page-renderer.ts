/**
 * Where the build finds the server build's in-process page renderer
 * (render-in-process.ts): the build loads the server build from outside, as a
 * plain module, and cannot import from inside it. Kept apart from the renderer
 * so that the build's integration can read it without Astro's virtual modules.
 */
import type { LiveRenderContext } from '../render-context';

export interface RenderedPage {
  status: number;
  headers: Headers;
  /** The page's UTF-8 bytes, as the server holds and sends them. */
  body: Buffer<ArrayBuffer>;
}

export type RenderLivePage = (path: string, context: LiveRenderContext) => Promise<RenderedPage>;

const KEY = Symbol.for('content-site.render-live-page');

export function offerLivePageRenderer(render: RenderLivePage): void {
  (globalThis as Record<symbol, unknown>)[KEY] = render;
}

/** The renderer of the server build loaded in this process, once its live route has been loaded. */
export function loadedLivePageRenderer(): RenderLivePage | undefined {
  return (globalThis as Record<symbol, unknown>)[KEY] as RenderLivePage | undefined;
}
