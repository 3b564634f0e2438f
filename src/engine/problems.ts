/**
 * Every content problem of a site at once, grouped by the file to fix, each
 * with the pages it breaks: what `npm run build` reports before it gives up,
 * and what the editor's problem list shows. A problem inside a shared document
 * or an entry is reported against that file, not against the pages using it.
 */
import { ContentError } from './content-error';
import { redirectsIssues, REDIRECTS_FILE } from './redirects';
import type { Resolver } from './resolver';
import { listSiteRoutes, type SiteRoutes } from './routes';
import { COLLECTIONS, type CollectionName } from './schema/collections';
import { readablePaths, type ContentSnapshot } from './snapshot';

export interface FileProblems {
  file: string;
  issues: { path: string; message: string }[];
  /** Slugs of the pages the file's problems break. */
  pages: string[];
}

/**
 * The routes of all the content, drafts included (the build's snapshot is the public one, which
 * lists no draft): what page ids must be unique across, and what a redirect may lead to.
 */
export function contentRoutes(snapshot: ContentSnapshot): SiteRoutes {
  const all: ContentSnapshot = { get: (path) => snapshot.get(path), paths: () => readablePaths(snapshot) };
  return listSiteRoutes(all, (file) => {
    const collection = (all.get(file) as { template?: { collection?: unknown } } | undefined)?.template?.collection;
    if ((COLLECTIONS as readonly unknown[]).includes(collection)) return collection as CollectionName;
    throw new ContentError('invalid', file, 'is not a valid template'); // reported by the resolver's own routes
  });
}

/** Each page file (templates included) whose `id` another page file has too, said against each of them: the content store refuses to make one, the build and the editor's problems list say one made by hand. */
export function samePageIds(snapshot: ContentSnapshot, routes = contentRoutes(snapshot)): ContentError[] {
  const byId = new Map<string, string[]>();
  for (const { file } of [...routes.pages.filter((route) => !route.entry), ...routes.templates]) {
    const id = (snapshot.get(file) as { id?: unknown } | undefined)?.id;
    if (typeof id === 'string') byId.set(id, [...(byId.get(id) ?? []), file]);
  }
  return [...byId].flatMap(([id, files]) =>
    files.length < 2 ? [] : files.map((file) => new ContentError('invalid', file, `the page id "${id}" is also the id of ${files.filter((other) => other !== file).join(', ')}: page ids are unique`, '/id')),
  );
}

/** Problems that break no page but lose one without a word: a page hiding an entry's, a page id used twice, a bad redirect. */
function silentLosses(resolver: Resolver, snapshot: ContentSnapshot): ContentError[] {
  const routes = contentRoutes(snapshot);
  // A page file at an entry's address wins (docs/content-model.md); the content store refuses to make one, so one made by hand is said.
  const hidden = resolver.hiddenEntries().map(
    ({ slug, entry, page }) => new ContentError('invalid', page, `hides the page of the entry ${entry}: both are at /${slug}/, and visitors get this page. Rename one of them`, '/slug'),
  );
  const sameIds = samePageIds(snapshot, routes);
  const stored = snapshot.get(REDIRECTS_FILE);
  const slugs = new Set(routes.pages.map((route) => route.slug));
  const redirectIssues = stored === undefined ? [] : redirectsIssues(stored, (slug) => slugs.has(slug));
  const redirects = redirectIssues.length ? [new ContentError('invalid', REDIRECTS_FILE, 'has redirects that are not followed', '', redirectIssues)] : [];
  return [...hidden, ...sameIds, ...redirects];
}

export function siteProblems(resolver: Resolver, snapshot: ContentSnapshot): FileProblems[] {
  const byFile = new Map<string, { issues: Map<string, { path: string; message: string }>; pages: Set<string> }>();
  const add = (error: ContentError, slug?: string) => {
    for (const issue of error.fileIssues()) {
      let entry = byFile.get(issue.file);
      if (!entry) byFile.set(issue.file, (entry = { issues: new Map(), pages: new Set() }));
      entry.issues.set(`${issue.path}\n${issue.message}`, { path: issue.path, message: issue.message });
      if (slug !== undefined) entry.pages.add(slug);
    }
  };
  for (const problem of resolver.routeProblems()) add(problem);
  // An entry no page lists yet (a new collection's, say) is still checked: nothing invalid waits silently.
  for (const problem of resolver.entryProblems()) add(problem);
  const pages = resolver.listPages();
  // The settings (shared/site.json) frame every page, its theme, name and language, though no page's
  // resolution reads them: each of their problems breaks every page (in dev every page shows it).
  for (const problem of resolver.settingsProblems()) {
    add(problem);
    for (const { slug } of pages) add(problem, slug);
  }
  for (const problem of silentLosses(resolver, snapshot)) add(problem);
  for (const { slug } of pages) {
    try {
      resolver.resolvePage(slug);
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      add(error, slug);
    }
  }
  return [...byFile]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([file, { issues, pages }]) => ({ file, issues: [...issues.values()], pages: [...pages].sort() }));
}

/** The report as text, one block per file: its issues, then the pages it breaks. */
export function formatProblems(problems: readonly FileProblems[]): string {
  const count = problems.reduce((sum, problem) => sum + problem.issues.length, 0);
  const blocks = problems.map(({ file, issues, pages }) =>
    [
      `src/data/${file}`,
      ...issues.map((issue) => `  ${issue.path || '/'}: ${issue.message}`),
      ...(pages.length > 0 ? [`  breaks ${pages.length === 1 ? 'the page' : `${pages.length} pages`}: ${pages.map((slug) => `/${slug === 'home' ? '' : `${slug}/`}`).join(', ')}`] : []),
    ].join('\n'),
  );
  return `${count} content problem${count === 1 ? '' : 's'} in ${problems.length} file${problems.length === 1 ? '' : 's'}:\n\n${blocks.join('\n\n')}`;
}
