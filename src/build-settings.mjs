// Build settings shared by astro.config.mjs and the build benchmark, whose
// bare-Astro floor (bench/scenarios/build.ts) uses the same ones; plain
// JavaScript with no imports, so the benchmark can load it outside Vite.

/**
 * Pages prerendered at once: while one page's file is written (each page waits on mkdir and
 * write in libuv's thread pool), the next renders. Output is the same; builds are shorter.
 */
export const PRERENDER_CONCURRENCY = 4;
