// The content a render on the production server is for. Live publishing (src/server/publish/)
// renders changed pages through the site's own routes while visitors are served the previous
// version, so a render cannot read "the" content: it reads the snapshot of the publication it
// belongs to, carried by an AsyncLocalStorage through Astro's render (src/lib/content.ts).
// The store sits on globalThis because two copies of this module exist in one process: the
// front server's (server/live-site.mjs) and the one bundled into the Astro server build.
// Plain JavaScript so the production server can load it without a build step.
import { AsyncLocalStorage } from 'node:async_hooks';

const KEY = Symbol.for('content-site.render-context');
/** @type {AsyncLocalStorage<unknown>} */
const storage = (globalThis[KEY] ??= new AsyncLocalStorage());

/**
 * Runs `work` with `context` as the render context of everything it starts.
 * @template T
 * @param {unknown} context
 * @param {() => T} work
 * @returns {T}
 */
export function withRenderContext(context, work) {
  return storage.run(context, work);
}

/** The render context of the current async call chain, or undefined outside a live render. */
export function renderContext() {
  return storage.getStore();
}
