/** The live render's context, typed (server/render-context.mjs says why it exists). */
import type { ContentSnapshot } from '../engine/snapshot';
import type { SiteSettings } from '../engine/schema/site-settings';
import { renderContext, withRenderContext } from '../../server/render-context.mjs';

/**
 * What a request from the production server's own publisher carries (server/live-site.mjs):
 * for a page's render, the publication's public snapshot, which the page is read from.
 * Only such requests reach the `/_live/` routes (src/middleware.ts).
 */
export interface LiveRenderContext {
  snapshot?: ContentSnapshot;
  /** Mark where each section's view sits in the page (src/lib/view-marks.ts): a publication keeps pages as pieces. */
  markViews?: boolean;
  /**
   * The editor's preview: the settings the page renders with (its unsaved ones, when valid), which
   * every view reads through siteSettings() (src/lib/seo/page-data.ts), not only the layout.
   */
  settings?: SiteSettings;
}

export function liveRenderContext(): LiveRenderContext | undefined {
  return renderContext() as LiveRenderContext | undefined;
}

export function withLiveRenderContext<T>(context: LiveRenderContext, work: () => T): T {
  return withRenderContext(context, work);
}
