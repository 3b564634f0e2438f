// A render worker: a thread of the production server that renders changed pages for live
// publishing, so that a change every page shows (the shared header) renders on every core
// instead of on the server's one thread, and of the build, which renders every page on them
// (src/server/publish/render-pool.ts starts these).
// It loads the server build as server/index.mjs does, without a listening server, loads the
// live route with one request over a private socket (as the build does), and hands every
// message to what that route's module offers (src/server/publish/render-worker-side.ts).
// Plain JavaScript so the production server can start it without a build step.
import { parentPort, workerData } from 'node:worker_threads';
import { loadLiveRoute } from './internal-renderer.mjs';
import { offerStylesheets } from './stylesheets.mjs';

const WORKER_SIDE = Symbol.for('content-site.render-worker-side');

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
offerStylesheets(new URL(workerData.serverEntry));
const { handler } = await import(workerData.serverEntry);
// An empty snapshot: the route's module is what this request is for, not a page of the build's content.
const answer = await loadLiveRoute(handler, workerData.livePath, { snapshot: { get: () => undefined, paths: () => [] } });
const side = globalThis[WORKER_SIDE];
if (!side) throw new Error(`The server build's live route did not offer its render worker side (it answered ${answer})`);

parentPort.on('message', async (request) => {
  // handle() answers every failure with a reply of its own; it never throws.
  const handled = await side.handle(request);
  if (handled) parentPort.postMessage(handled.reply, handled.transfer);
});
parentPort.postMessage({ ready: true });
