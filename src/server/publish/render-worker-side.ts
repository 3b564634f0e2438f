/**
 * What a render worker does with the messages the server's render pool
 * (render-pool.ts) sends it: keep its copy of the publication's snapshot up to
 * date (snapshot-mirror.ts), and render pages from it with the in-process
 * renderer, the one the server and the build use. The worker's script
 * (server/render-worker.mjs) only loads the server build and passes messages.
 */
import type { Bundle, BundleSection } from '../../engine/resolver';
import { deepFreeze } from '../../engine/bundle-check';
import type { ContentSnapshot } from '../../engine/snapshot';
import type { RenderLivePageParts } from './live-page-renderer';
import { inlinedOffsets, inlinedPage, inlinedStyleRanges, type StyleSplice } from './page-styles';
import { applyDelta, type SnapshotDelta } from './snapshot-mirror';
import { adoptSectionDigests, sectionCacheStats, type SectionCacheStats } from '../../lib/section-cache';
import { compressedFormsSync } from '../../../server/compression.mjs';

export type RenderWorkerRequest =
  | { type: 'sync'; delta: SnapshotDelta }
  | { type: 'render'; id: number; generation: number; pages: PageToRender[]; compress?: Compression };

/** For the build: each page is also compressed, on the worker (server/compression.mjs), at these levels. */
export interface Compression {
  brotliQuality: number;
  gzipLevel: number;
}

/** A bundle the server resolved, as a worker gets it: its JSON in parts (src/engine/bundle-json.ts) and its sections' digests (src/lib/section-cache.ts). */
export interface BundleToRender {
  /** The bundle's own fields, its sections left out. */
  head: string;
  sections: string[];
  /**
   * For each section an earlier page of the publication had too (the shared header, a list), the
   * number the server gave it, never given to another section: the worker keeps it parsed under
   * that number. 0 for the others. (Looking a shared section up by its text, hashing and comparing
   * kilobytes of it for every page, was about a twentieth of a worker's time in a profile.)
   */
  shared: number[];
  sectionDigests: string[];
}

/** A page to render: where visitors get it, and its bundle as the server resolved it. */
export interface PageToRender extends BundleToRender {
  path: string;
  slug: string;
}

/** Sections that pages share (the header, the footer, lists), by the number the server gave them, up to this many. */
const PARSED_SECTIONS_KEPT = 2000;

/** Takes a bundle resolved elsewhere as the page's bundle for `snapshot` (src/lib/content.ts). */
export type AdoptBundle = (snapshot: ContentSnapshot, slug: string, bundle: Bundle) => void;

/**
 * A rendered page's status and UTF-8 bytes, and its compressed forms if asked for, moved (not
 * copied) to the server's thread. Uncompressed, the bytes are the page with its stylesheet links,
 * and `styles` says where their `<style>`s go: the server's thread keeps the page as pieces that
 * share those styles with other pages, about half of each page's bytes.
 */
export interface RenderedBytes {
  status: number;
  body: ArrayBuffer;
  styles?: StyleSplice[];
  /** Where each section's view is in `body`, two numbers a view (src/lib/view-marks.ts). */
  views?: number[];
  /** For the build: where each `<style>` the page was given is in `body`, and its key (page-bundles.json keeps both). */
  inlinedStyles?: StyleSplice[];
  br?: ArrayBuffer;
  gzip?: ArrayBuffer;
}

/**
 * The pages of a request, in its order, and the worker's section cache counts so far (the
 * build reports its hit rate over every thread), or why they could not be rendered.
 */
export type RenderWorkerReply = { id: number; rendered: RenderedBytes[]; sectionCache: SectionCacheStats } | { id: number; error: string };

export interface RenderWorkerSide {
  /** The reply to send, if any, and what it moves rather than copies. */
  handle(request: RenderWorkerRequest): Promise<{ reply: RenderWorkerReply; transfer: ArrayBuffer[] } | undefined>;
}

const KEY = Symbol.for('content-site.render-worker-side');

export function createRenderWorkerSide(render: RenderLivePageParts, adopt: AdoptBundle): RenderWorkerSide {
  const files = new Map<string, unknown>();
  let current: { generation: number; snapshot: ContentSnapshot } | undefined;
  let syncProblem: string | undefined;

  const parsedSections = new Map<number, BundleSection>();

  /**
   * A section parsed from its JSON. One that pages share is parsed once and kept, frozen since
   * pages share it; the others, most of them, are parsed as they come (looking each up, and
   * freezing it, cost more than parsing it).
   */
  function parsedSection(text: string, shared: number | undefined): BundleSection {
    if (!shared) return JSON.parse(text) as BundleSection;
    let section = parsedSections.get(shared);
    if (!section) {
      if (parsedSections.size >= PARSED_SECTIONS_KEPT) parsedSections.clear();
      section = deepFreeze(JSON.parse(text) as BundleSection);
      parsedSections.set(shared, section);
    }
    return section;
  }

  async function renderPage(snapshot: ContentSnapshot, { path, slug, head, sections, shared, sectionDigests }: PageToRender, compress: Compression | undefined): Promise<RenderedBytes> {
    // The server resolved every page to plan the publication; resolving it again here would double the work.
    const adopted = { ...(JSON.parse(head) as Bundle), sections: sections.map((text, index) => parsedSection(text, shared[index])) };
    adoptSectionDigests(adopted.sections, sectionDigests);
    adopt(snapshot, slug, adopted);
    // Where each view is, for a page kept as pieces (page-layout.ts): the server's, or the build's as page-bundles.json says.
    const { status, body, styles, views } = await render(path, { snapshot, markViews: true });
    if (!compress || status !== 200) return { status, body: ownBuffer(body), ...(styles.length > 0 && { styles }), ...(views && status === 200 && { views }) };
    const page = inlinedPage(body, styles);
    const rendered: RenderedBytes = { status, body: ownBuffer(page), ...(views && { views: inlinedOffsets(views, styles) }), ...(styles.length > 0 && { inlinedStyles: inlinedStyleRanges(styles) }) };
    const { br, gzip } = compressedFormsSync(page, compress);
    if (br) rendered.br = ownBuffer(br);
    if (gzip) rendered.gzip = ownBuffer(gzip);
    return rendered;
  }

  async function renderPages(id: number, generation: number, pages: PageToRender[], compress: Compression | undefined): Promise<RenderWorkerReply> {
    if (current?.generation !== generation) {
      return { id, error: `This render worker holds content ${current?.generation ?? 'none'}, not ${generation}${syncProblem ? ` (${syncProblem})` : ''}` };
    }
    const { snapshot } = current;
    // At once, as the server's thread renders: the waits (reading images' bytes) overlap.
    const rendered = await Promise.all(pages.map((page) => renderPage(snapshot, page, compress)));
    return { id, rendered, sectionCache: sectionCacheStats() };
  }

  return {
    async handle(request) {
      if (request.type === 'sync') {
        try {
          current = { generation: request.delta.generation, snapshot: applyDelta(files, request.delta) };
          syncProblem = undefined;
        } catch (error) {
          // A copy that may be half updated serves no render: the pool sends the whole snapshot to a new worker.
          current = undefined;
          syncProblem = error instanceof Error ? error.message : String(error);
        }
        return undefined;
      }
      try {
        const reply = await renderPages(request.id, request.generation, request.pages, request.compress);
        return { reply, transfer: 'rendered' in reply ? reply.rendered.flatMap(({ body, br, gzip }) => [body, ...(br ? [br] : []), ...(gzip ? [gzip] : [])]) : [] };
      } catch (error) {
        return { reply: { id: request.id, error: error instanceof Error ? error.message : String(error) }, transfer: [] };
      }
    },
  };
}

/** The bytes in an ArrayBuffer of their own, which can be moved to another thread without taking a pool's neighbours along. */
function ownBuffer(bytes: Buffer): ArrayBuffer {
  const { buffer, byteOffset, byteLength } = bytes;
  return byteOffset === 0 && byteLength === buffer.byteLength ? (buffer as ArrayBuffer) : (buffer.slice(byteOffset, byteOffset + byteLength) as ArrayBuffer);
}

/** Offers the worker side to the worker's script, which loads the server build as a plain module. */
export function offerRenderWorkerSide(side: RenderWorkerSide): void {
  (globalThis as Record<symbol, unknown>)[KEY] = side;
}
