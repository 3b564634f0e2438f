/**
 * What a render worker does with the messages the server's render pool
 * (render-pool.ts) sends it: keep its copy of the publication's snapshot up to
 * date (snapshot-mirror.ts), and render pages from it with the in-process
 * renderer, the one the server and the build use. The worker's script
 * (server/render-worker.mjs) only loads the server build and passes messages.
 */
import type { Bundle } from '../../engine/resolver';
import type { ContentSnapshot } from '../../engine/snapshot';
import type { RenderLivePage } from './live-page-renderer';
import { applyDelta, type SnapshotDelta } from './snapshot-mirror';

export type RenderWorkerRequest =
  | { type: 'sync'; delta: SnapshotDelta }
  | { type: 'render'; id: number; generation: number; pages: PageToRender[] };

/** A page to render: where visitors get it, and its bundle as the server resolved it (the page API's JSON). */
export interface PageToRender {
  path: string;
  slug: string;
  bundle: string;
}

/** Takes a bundle resolved elsewhere as the page's bundle for `snapshot` (src/lib/content.ts). */
export type AdoptBundle = (snapshot: ContentSnapshot, slug: string, bundle: Bundle) => void;

/** A rendered page's status and UTF-8 bytes, moved (not copied) to the server's thread. */
export interface RenderedBytes {
  status: number;
  body: ArrayBuffer;
}

/** The pages of a request, in its order, or why they could not be rendered. */
export type RenderWorkerReply = { id: number; rendered: RenderedBytes[] } | { id: number; error: string };

export interface RenderWorkerSide {
  /** The reply to send, if any, and what it moves rather than copies. */
  handle(request: RenderWorkerRequest): Promise<{ reply: RenderWorkerReply; transfer: ArrayBuffer[] } | undefined>;
}

const KEY = Symbol.for('content-site.render-worker-side');

export function createRenderWorkerSide(render: RenderLivePage, adopt: AdoptBundle): RenderWorkerSide {
  const files = new Map<string, unknown>();
  let current: { generation: number; snapshot: ContentSnapshot } | undefined;
  let syncProblem: string | undefined;

  async function renderPage(snapshot: ContentSnapshot, { path, slug, bundle }: PageToRender): Promise<RenderedBytes> {
    // The server resolved every page to plan the publication; resolving it again here would double the work.
    adopt(snapshot, slug, JSON.parse(bundle) as Bundle);
    const { status, body } = await render(path, { snapshot });
    return { status, body: body.byteOffset === 0 && body.byteLength === body.buffer.byteLength ? body.buffer : body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) };
  }

  async function renderPages(id: number, generation: number, pages: PageToRender[]): Promise<RenderWorkerReply> {
    if (current?.generation !== generation) {
      return { id, error: `This render worker holds content ${current?.generation ?? 'none'}, not ${generation}${syncProblem ? ` (${syncProblem})` : ''}` };
    }
    const { snapshot } = current;
    // At once, as the server's thread renders: the waits (reading images' bytes) overlap.
    return { id, rendered: await Promise.all(pages.map((page) => renderPage(snapshot, page))) };
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
        const reply = await renderPages(request.id, request.generation, request.pages);
        return { reply, transfer: 'rendered' in reply ? reply.rendered.map(({ body }) => body) : [] };
      } catch (error) {
        return { reply: { id: request.id, error: error instanceof Error ? error.message : String(error) }, transfer: [] };
      }
    },
  };
}

/** Offers the worker side to the worker's script, which loads the server build as a plain module. */
export function offerRenderWorkerSide(side: RenderWorkerSide): void {
  (globalThis as Record<symbol, unknown>)[KEY] = side;
}
