/**
 * The build's publication, planned inside the server build: the build
 * (src/server/publish/build-pages.ts) renders every visitor page the way the
 * production server publishes a change, so it needs what the publisher works
 * from: every page's bundle and render key (published-pages.ts), and the
 * snapshot they were resolved from. These modules run only inside the server
 * build, which the build loads from outside, so the plan is offered on
 * globalThis (live-page-renderer.ts) once the live route's module is loaded.
 */
import { loadSnapshot } from '../../lib/content';
import { loadBuildSnapshot } from '../../lib/build-snapshot';
import { offerBuildPlanner } from './live-page-renderer';
import { pageToRender, publishedSite } from './published-pages';

offerBuildPlanner(async (site) => {
  // The public view of the build's content (drafts and pages not yet due left out), as every page renders from.
  const snapshot = await loadSnapshot();
  return {
    context: { snapshot },
    readable: (await loadBuildSnapshot()).paths(),
    // Each page by where it is served (`/`, `/about`, `/404.html`): the file it is written to.
    plan: (onPage) => publishedSite(site, (page) => onPage(page.path, pageToRender(page))),
  };
});
