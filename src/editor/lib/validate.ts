/**
 * Validation in the editor, with the same schemas the server uses: each issue
 * is keyed by the dotted path of the field it belongs to.
 */
import { StoredPageSchema, StoredSectionSchema } from '../../sections/registry';

export type IssueMap = ReadonlyMap<string, string>;

/** `['data', 'ctas', 0, 'label']` → `data.ctas.0.label` */
export const pathKey = (path: readonly PropertyKey[]) => path.map(String).join('.');

function collect(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): IssueMap {
  const issues = new Map<string, string>();
  for (const issue of result.error?.issues ?? []) {
    const key = pathKey(issue.path);
    if (!issues.has(key)) issues.set(key, issue.message);
  }
  return issues;
}

/** Issues of one stored section, keyed relative to the section (`data.title`, `settings.paddingTop`). */
export const sectionIssues = (section: unknown): IssueMap => collect(StoredSectionSchema.safeParse(section));

/** Issues of a whole stored page, keyed from the page (`meta.title`, `sections.2.id`). */
export const pageIssues = (page: unknown): IssueMap => collect(StoredPageSchema.safeParse(page));

/** Maps the server's 400 issues (JSON pointers) to the same keys. */
export function serverIssues(issues: { path: string; message: string }[]): IssueMap {
  const map = new Map<string, string>();
  for (const issue of issues) {
    if (issue.path.includes('#')) continue; // in another file: shown in the summary only
    const key = issue.path.split('/').slice(1).map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~')).join('.');
    if (!map.has(key)) map.set(key, issue.message);
  }
  return map;
}
