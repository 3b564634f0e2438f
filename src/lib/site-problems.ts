/**
 * The site's problem report (src/engine/problems.ts) as the build and the editor give it. The
 * settings in shared/site.json are read by no page's resolution, so the report finds no page that
 * they break; but every page's frame (its theme, name and language) is made from them, and in dev
 * every page shows their error (src/lib/visitor-page.ts). So their entry names every page.
 */
import { siteProblems, type FileProblems } from '../engine/problems';
import type { Resolver } from '../engine/resolver';
import type { ContentSnapshot } from '../engine/snapshot';
import { SITE_SETTINGS_FILE } from '../engine/schema/site-settings';

export function siteProblemsWithSettings(resolver: Resolver, snapshot: ContentSnapshot): FileProblems[] {
  const problems = siteProblems(resolver, snapshot);
  if (!problems.some(({ file }) => file === SITE_SETTINGS_FILE)) return problems;
  const everyPage = resolver.listPages().map(({ slug }) => slug).sort();
  return problems.map((problem) => (problem.file === SITE_SETTINGS_FILE ? { ...problem, pages: everyPage } : problem));
}
