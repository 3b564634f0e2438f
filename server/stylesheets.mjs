// Where a process that renders visitor pages finds the server build's stylesheets, to inline them
// into each page (src/server/publish/page-styles.ts): the build, the production server and their
// render workers each call this with the server build's entry before rendering. Astro writes the
// server build's stylesheets to dist/server/_astro/ (those of its prerender build, which renders the
// 500 page, to dist/server/.prerender/_astro/) and moves them to dist/client/_astro/ once
// prerendering is over, so the build finds them in the first folders and the server in the last.
// Plain JavaScript, as the production server and its workers load it without a build step.
import { fileURLToPath } from 'node:url';

const FOLDERS = Symbol.for('content-site.stylesheet-folders');

/** @param {URL} serverEntry the server build's entry.mjs */
export function offerStylesheets(serverEntry) {
  globalThis[FOLDERS] = ['_astro/', '.prerender/_astro/', '../client/_astro/'].map((folder) => fileURLToPath(new URL(folder, serverEntry)));
}
