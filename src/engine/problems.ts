/**
 * Every content problem of a site at once, grouped by the file to fix, each
 * with the pages it breaks: what `npm run build` reports before it gives up,
 * and what the editor's problem list shows. A problem inside a shared document
 * or an entry is reported against that file, not against the pages using it.
 */
import { ContentError } from './content-error';
import type { Resolver } from './resolver';

export interface FileProblems {
  file: string;
  issues: { path: string; message: string }[];
  /** Slugs of the pages the file's problems break. */
  pages: string[];
}

export function siteProblems(resolver: Resolver): FileProblems[] {
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
  for (const problem of resolver.settingsProblems()) add(problem);
  for (const { slug } of resolver.listPages()) {
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
