/**
 * The path a visitor sees a page at. Views read it rather than `Astro.url`,
 * because the production server renders published pages on demand under a
 * private prefix (`/_live/render/about/` renders `/about/`, see
 * src/server/publish/): the header's current menu item and the canonical URL
 * must be those of the visitor's address, byte for byte what the build writes.
 */
/** The production server's private routes (src/server/publish/integration.ts): its own requests only. */
export const LIVE_PREFIX = '/_live';
export const LIVE_RENDER_PREFIX = `${LIVE_PREFIX}/render`;

export function visitorPath(url: URL): string {
  const { pathname } = url;
  return pathname.startsWith(`${LIVE_RENDER_PREFIX}/`) ? pathname.slice(LIVE_RENDER_PREFIX.length) : pathname;
}
