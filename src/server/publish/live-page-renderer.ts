/**
 * Where the build finds what it needs of the server build: the in-process page
 * renderer (render-in-process.ts) and the plan of the build's publication
 * (build-plan.ts). The build loads the server build from outside, as a plain
 * module, and cannot import from inside it. Kept apart from both so that the
 * build's integration can read it without Astro's virtual modules.
 */
import type { LiveRenderContext } from '../render-context';
import type { PagesToRender } from './page-rendering';
import type { PublishedSite } from './published-pages';
import type { PageToRender } from './render-worker-side';
import type { StyleSplice } from './page-styles';

export interface RenderedPage {
  status: number;
  headers: Headers;
  /** The page's UTF-8 bytes, as the server holds and sends them. */
  body: Buffer<ArrayBuffer>;
}

export type RenderLivePage = (path: string, context: LiveRenderContext) => Promise<RenderedPage>;

/** A rendered page with its stylesheet links as they are, and where their `<style>`s go (page-styles.ts). */
export interface RenderedPageParts extends RenderedPage {
  styles: StyleSplice[];
  /** Where each section's view is in `body` (two numbers a view, src/lib/view-marks.ts), when the render context asked for it. */
  views?: number[];
}

export type RenderLivePageParts = (path: string, context: LiveRenderContext) => Promise<RenderedPageParts>;

/** The build's publication, to be planned: what its pages render from, and the planning itself. */
export interface BuildPlanning {
  context: PagesToRender['context'];
  readable: Iterable<string>;
  /** Plans every page (what page-bundles.json holds), handing each to `onPage`, by where it is served, as soon as it is planned. */
  plan(onPage: (key: string, page: PageToRender) => void): Promise<PublishedSite>;
}

export type PlanBuild = (site: URL) => Promise<BuildPlanning>;

const RENDERER = Symbol.for('content-site.render-live-page');
const PLANNER = Symbol.for('content-site.plan-build');
const offered = globalThis as Record<symbol, unknown>;

export function offerLivePageRenderer(render: RenderLivePage): void {
  offered[RENDERER] = render;
}

/** The renderer of the server build loaded in this process, once its live route has been loaded. */
export function loadedLivePageRenderer(): RenderLivePage | undefined {
  return offered[RENDERER] as RenderLivePage | undefined;
}

export function offerBuildPlanner(plan: PlanBuild): void {
  offered[PLANNER] = plan;
}

/** The planner of the server build loaded in this process, once its live route has been loaded. */
export function loadedBuildPlanner(): PlanBuild | undefined {
  return offered[PLANNER] as PlanBuild | undefined;
}
