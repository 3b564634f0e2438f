/**
 * Live publishing on the production server: after a change is committed (or
 * pulled in from the remote, or a scheduled page comes due), the site that
 * visitors get is made again from the committed content and swapped in whole.
 *
 * One publication at a time; requests made while one runs are covered by the
 * next, which starts from the content as it is then. Each request gets a
 * ticket, and a ticket is live once a publication that started after it
 * succeeds. A failed publication changes nothing that visitors get and says
 * why (`publishState`). docs/architecture.md has the design and its trade-offs.
 */
import { loadDevSnapshot } from '../../lib/dev-snapshot';
import { loadBuildSnapshot } from '../../lib/build-snapshot';
import type { ContentSnapshot } from '../../engine/snapshot';
import { readableBeforeStart, standInReason, withLastReadable } from './last-readable';
import { nextPublicationTime, publicSnapshot } from '../../engine/publication';
import { withLiveRenderContext, type LiveRenderContext } from '../render-context';
import { liveHost, type LiveHost } from './live-host';
import { discoveryFiles, unlistedButUnreadable, unreadableRedirects, type KeptPage } from './publication-files';
import { pageToRender, publishedSite } from './published-pages';
import { planWhileRendering } from './page-feed';
import type { PageToRender } from './render-worker-side';
import { renderLivePageParts } from './render-in-process';
import { serverConfig } from '../../../server/config.mjs';
import { renderFailure, renderPages, warmRenderWorkers } from './page-rendering';
import { createRenderPool, renderedBody, type RenderedInWorker, type RenderPool } from './render-pool';
import type { PageLayout } from './page-layout';
import { PublicationLayouts } from './publication-layouts';
import type { PageBytes } from './page-bytes';
import { StuckRenders } from './stuck-renders';

/** The longest a timer may wait (setTimeout's limit is about 24.8 days); a due page is then checked again. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export type { KeptPage };

/** `kept`: pages the live version holds from an earlier one, each with why; absent when every page is as the content says. */
export type PublishState = { state: 'publishing' } | { state: 'live'; kept?: KeptPage[] } | { state: 'failed'; error: string };

let requested = 0;
let live = 0;
/** The pages the live version kept from before (see KeptPage). */
let liveKept: KeptPage[] = [];
let failure: { ticket: number; error: string } | undefined;
let running: Promise<void> | undefined;
let again = false;
let timer: NodeJS.Timeout | undefined;

/**
 * Reads the committed content, renders the pages whose render key changed, and installs the whole.
 * One broken page does not hold back the rest: a page that does not resolve or render keeps its
 * live version (a new page that cannot be made is left out), and is returned with why.
 */
async function publishOnce(host: LiveHost): Promise<KeptPage[]> {
  const { contentStore } = await import('../store');
  // Under the store's lock: a change is read whole or not at all.
  const started = performance.now();
  // The process's CPU time covers its threads, the render workers too: on a loaded machine it says what the clock cannot.
  const cpuAtStart = process.cpuUsage();
  const { snapshot: loaded } = await contentStore.exclusive(() => loadDevSnapshot());
  // A file that cannot be read (not JSON, say a merge's conflict markers, or a link) stands in as it was last read
  // (last-readable.ts); one never read before keeps what reads it as it is live (publication-files.ts).
  const { snapshot, standIns } = withLastReadable(loaded, lastReadable ?? (await readableBeforeStart(loaded, loadBuildSnapshot, contentStore.committedReadable)));
  const now = new Date();
  // Set first: a publication that fails must not take the next scheduled page's publication with it.
  scheduleNext(nextPublicationTime(snapshot, now), now);
  const context = { snapshot: publicSnapshot(snapshot, now), markViews: true } satisfies LiveRenderContext;
  const site = new URL(import.meta.env.SITE);
  const read = performance.now();
  // Each changed page is rendered as soon as it is planned, while the rest are planned (page-feed.ts).
  const current = host.renderKeys();
  let changed = 0;
  let planned = read;
  const pool = renderPoolOf(host);
  const html = new Map<string, PageBytes>();
  // Pages kept as pieces (page-layout.ts): a page whose views alone changed is made from its old pieces, not rendered.
  const layouts = new PublicationLayouts(liveLayouts, { layouts: host.builtLayouts, renderKeys: current, clientDir: host.clientDir });
  let fromPieces = 0;
  let renderedFirst = 0;
  const takeRendered = (path: string, rendered: RenderedInWorker) => {
    html.set(path, rendered.body);
    layouts.rendered(path, rendered);
  };
  const kept = new Map<string, KeptPage>();
  const broken = new Set<string>();
  const keep = (path: string, reason: string) => kept.set(path, { path, reason });
  const sentToRender = new Map<string, string>();
  const refuse = (path: string, reason: string, stuck: boolean) => {
    keep(path, reason);
    if (stuck) stuckRenders.add(sentToRender.get(path)!, reason);
  };
  const [{ contentVersion, pages, redirects }, where] = await planWhileRendering(
    (push: (entry?: [string, PageToRender]) => void) =>
      withLiveRenderContext(context, async () => {
        const published = await publishedSite(site, async (page) => {
          if (current.get(page.path) === page.renderKey) {
            layouts.keep(page.path);
            return push();
          }
          changed += 1;
          const stuck = stuckRenders.reasonFor(page.renderKey);
          if (stuck) {
            keep(page.path, stuck);
            return push();
          }
          const made = layouts.fromPieces(page.path, page.layoutKeys);
          if (made) {
            fromPieces += 1;
            html.set(page.path, made.pieces);
            return push();
          }
          const toRender = pageToRender(page);
          sentToRender.set(page.path, page.renderKey);
          if (!layouts.worthRenderingFirst(page.path, page.layoutKeys)) return push([page.path, toRender]);
          // At once, here: the pages after it that show its new views are then made from their pieces.
          renderedFirst += 1;
          const first = await renderPiecesOnThread(toRender.path, context);
          if (first.status === 200) takeRendered(page.path, first);
          else keep(page.path, renderFailure(page.path, first));
          push();
        }, ({ slug, path, reason }) => {
          broken.add(slug);
          keep(path, reason);
        });
        planned = performance.now();
        return published;
      }),
    (feed) => renderPages({ pages: feed, context, readable: snapshot.paths(), refuse }, renderPiecesOnThread, pool, takeRendered),
  );
  const listed = new Set(pages.map(({ path }) => path));
  const { files, keptFiles } = await withLiveRenderContext(context, async () => {
    await unlistedButUnreadable(host, listed, keep);
    return discoveryFiles(site, snapshot, broken, keep);
  });
  const redirectsUnread = unreadableRedirects(snapshot);
  if (redirectsUnread) keep('redirects', redirectsUnread);
  const rendered = performance.now();
  // A kept page is installed as the live version has it; one the live version lacks (new, and broken) is left out.
  const installed = pages.filter(({ path }) => !kept.has(path)).map(({ slug, path, body, version, renderKey }) => ({ slug, path, body, version, renderKey, html: html.get(path) }));
  const carried = [...kept.values()].flatMap(({ path, reason }) => {
    const previous = host.livePage(path);
    const what = previous || listed.has(path) ? `the previous version of ${path}${previous ? '' : ' (none: it is not published)'}` : `the live ${path}`;
    console.error(`Publishing kept ${what}: ${reason}`);
    return previous ?? [];
  });
  host.install({ contentVersion, pages: [...installed, ...carried], ...(redirectsUnread ? {} : { redirects }), files, keptFiles });
  liveLayouts = layouts.layouts;
  stuckRenders.keepOnly(new Set(pages.map(({ renderKey }) => renderKey)));
  const ms = (from: number, to: number) => Math.round(to - from);
  const cpu = process.cpuUsage(cpuAtStart);
  console.log(
    `Published content ${contentVersion}: ${changed} of ${pages.length} pages changed, ${changed - fromPieces} rendered again ${where}${renderedFirst > 0 ? ` (${renderedFirst} first, on the server's thread)` : ''} and ${fromPieces} made from their kept pieces, in ${ms(read, rendered)} ms (read and planned in ${ms(started, planned)} ms, rendering from the first page planned; swapped in ${ms(rendered, performance.now())} ms; ${Math.round((cpu.user + cpu.system) / 1000)} ms of CPU over the server's threads)`,
  );
  // Only as many pages as the cold workers take: what a worker is sent of a page is made when asked for.
  warmRenderWorkers(pool, context.snapshot, snapshot.paths(), (count) => pages.slice(0, count).map(pageToRender));
  lastReadable = snapshot;
  const stale = [...standIns].map(([file, reason]) => ({ path: file, reason: standInReason(reason) }));
  for (const { path, reason } of stale) console.error(`Publishing ${path}: ${reason}`);
  return [...kept.values(), ...stale];
}

/** The content the last publication was made from, unreadable files standing in: the next one's stand-ins come from it. */
let lastReadable: ContentSnapshot | undefined;

/** Pages a worker got stuck on, kept as they are live until they change. */
const stuckRenders = new StuckRenders();

/** The live version's pages as pieces, by path: those the server rendered (or made) since it started, not the build's. */
let liveLayouts = new Map<string, PageLayout>();

/** A page rendered on the server's thread, kept as a worker's page is: pieces, each view one of them. */
const renderPiecesOnThread = async (path: string, context: LiveRenderContext): Promise<RenderedInWorker> => {
  const { status, body, styles, views } = await renderLivePageParts(path, context);
  return { status, ...renderedBody(body, styles, views) };
};

let pool: RenderPool | undefined;

/** The server's render workers, started on first use; none when PUBLISH_WORKERS is 0 (server/config.mjs). */
function renderPoolOf(host: LiveHost): RenderPool | undefined {
  const count = serverConfig().publishWorkers;
  if (count > 0) pool ??= createRenderPool(host.renderWorkerFiles, count);
  return pool;
}

function scheduleNext(due: Date | undefined, now: Date) {
  clearTimeout(timer);
  timer = undefined;
  if (!due) return;
  timer = setTimeout(() => requestPublish(), Math.min(Math.max(due.getTime() - now.getTime(), 0), MAX_TIMER_MS));
  timer.unref();
}

function start(host: LiveHost) {
  const ticket = requested;
  running = publishOnce(host)
    .then((kept) => {
      live = ticket;
      liveKept = kept;
    })
    .catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      failure = { ticket, error: message };
      console.error(`Publishing failed; the previous version stays live. ${message}`);
    })
    .finally(() => {
      running = undefined;
      if (again) {
        again = false;
        start(host);
      }
    });
}

/**
 * Asks for the content as committed now to be published. Returns the request's ticket, or
 * undefined where nothing is published (astro dev).
 */
export function requestPublish(): number | undefined {
  const host = liveHost();
  if (!host) return undefined;
  requested += 1;
  if (running) again = true;
  else start(host);
  return requested;
}

/** Publishes now and waits: the server's start. Throws when it fails. */
export async function publishNow(): Promise<void> {
  const ticket = requestPublish();
  if (ticket === undefined) throw new Error('Live publishing runs on the production server only');
  while (live < ticket && !(failure && failure.ticket >= ticket)) await (running ?? Promise.resolve());
  const state = publishState(ticket);
  if (state.state === 'failed') throw new Error(state.error);
}

/** Where the request with `ticket` is: still publishing, live (it or a later one succeeded), or failed. */
export function publishState(ticket: number): PublishState {
  if (live >= ticket) return liveKept.length > 0 ? { state: 'live', kept: liveKept } : { state: 'live' };
  if (failure && failure.ticket >= ticket) return { state: 'failed', error: failure.error };
  return { state: 'publishing' };
}

/** Whether `ticket` was ever handed out. */
export const isTicket = (ticket: number) => Number.isSafeInteger(ticket) && ticket >= 1 && ticket <= requested;

// The front server's poller reaches the publisher through here (server/index.mjs).
(globalThis as Record<symbol, unknown>)[Symbol.for('content-site.publisher')] = { requestPublish };
