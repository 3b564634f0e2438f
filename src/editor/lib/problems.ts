/**
 * The Problems panel's logic: one list of every broken file (the server's
 * site problems and the files it could not read), and where in the editor a
 * problem is fixed: which page or entry to open, which section to select, and
 * which field (a dotted path, like the form's issue keys) to focus.
 */
import { parsePointer } from '../../engine/pointer';
import { docName } from './content-ops';
import { outline, type Docs, type EditorContent, type StoredPage } from './model';
import { sortedPages } from './page-order';
import { entryRoute, entrySlugOf } from './entries';
import { isSettingsFile, SITE_SETTINGS_ROUTE } from './site-settings';
import { unreadableName } from './unreadable-files';

export interface ProblemFile {
  file: string;
  /** A human name: the page's title, the post's title, the shared section's type. */
  name: string;
  issues: { path: string; message: string }[];
  /** Slugs of the pages it breaks. */
  pages: string[];
  /** It cannot be read at all (not JSON, or a link): it has no form, a developer fixes it; its one issue is the technical detail. */
  unreadable: boolean;
}

/** What the server says of the site as it is on disk: unreadable files, broken ones, links that lead nowhere, and the redirects links may lead through. */
export type SiteCheck = Pick<EditorContent, 'problems' | 'siteProblems' | 'linksNowhere' | 'redirects'>;

/** The check in a payload, and nothing else of it. */
export const siteCheckOf = ({ problems, siteProblems, linksNowhere = [], redirects = [] }: SiteCheck): Required<SiteCheck> => ({ problems, siteProblems, linksNowhere, redirects });

export function problemFiles(payload: SiteCheck, docs: Docs): ProblemFile[] {
  const unreadable: ProblemFile[] = payload.problems.map(({ file, message }) => ({ file, name: unreadableName(file), issues: [{ path: '', message }], pages: [], unreadable: true }));
  const broken: ProblemFile[] = [];
  for (const { file, issues, pages } of payload.siteProblems) {
    // A folder that breaks because a file in it cannot be read (a collection refused for one post that is
    // not JSON) is that file's problem, said once: the pages it breaks are listed with the file.
    const inside = unreadable.filter((u) => u.file === file || u.file.startsWith(`${file}/`));
    if (inside.length === 0) broken.push({ file, name: docName(docs, file), issues, pages, unreadable: false });
    for (const u of inside) u.pages = [...new Set([...u.pages, ...pages])];
  }
  return [...unreadable, ...broken];
}

/** A problem's file from the project's root: data files are named from src/data, a broken registry folder's code from the root already. */
export const projectPath = (file: string) => (file.startsWith('src/') ? file : `src/data/${file}`);

export const problemCount = (files: readonly ProblemFile[]) => files.reduce((sum, file) => sum + file.issues.length, 0);

/** Where a problem is fixed: the route to open, the section to select (or none: page settings), the field to focus. */
export interface ProblemLocation {
  route: string;
  section: number | null;
  /** Dotted path of the field inside the form (`data.title`, `meta.description`, `tags.0`), or '' for the form itself. */
  field: string;
}

function tokensOf(pointer: string): string[] {
  try {
    return parsePointer(pointer);
  } catch {
    return [];
  }
}

/** Where to fix the problem at `pointer` in `file`, or undefined when the editor has no form for it. */
export function problemLocation(docs: Docs, file: string, pointer: string): ProblemLocation | undefined {
  const doc = docs[file];
  if (!doc) return undefined;
  const tokens = tokensOf(pointer);
  if (doc.kind === 'entry') return { route: entryRoute(doc.saveSlug.split('/')[0]!, entrySlugOf(doc)), section: null, field: tokens.join('.') };
  if (doc.kind === 'page') {
    const sections = (doc.data as Partial<StoredPage> | undefined)?.sections;
    if (tokens[0] === 'sections' && tokens[1] !== undefined && Array.isArray(sections) && Number(tokens[1]) < sections.length) {
      return { route: doc.saveSlug, section: Number(tokens[1]), field: tokens.slice(2).join('.') };
    }
    return { route: doc.saveSlug, section: null, field: tokens.join('.') };
  }
  if (isSettingsFile(file)) return { route: SITE_SETTINGS_ROUTE, section: null, field: tokens.join('.') };
  // A shared document: open a page that links to it, with that section selected.
  for (const page of sortedPages(docs)) {
    const data = page.data as StoredPage | undefined;
    if (!Array.isArray(data?.sections)) continue;
    for (const entry of outline(data, page.file, docs)) {
      if (!entry.shared || 'broken' in entry.shared || entry.shared.file !== file) continue;
      const under = entry.shared.tokens;
      if (under.every((token, index) => tokens[index] === token)) return { route: page.saveSlug, section: entry.index, field: tokens.slice(under.length).join('.') };
    }
  }
  return undefined;
}

/** The input of the field at `field` (or, failing that, of the nearest field above it) in `root`. */
export function fieldElement(root: ParentNode, field: string): HTMLElement | null {
  for (let parts = field.split('.'); parts.length > 0 && parts[0] !== ''; parts = parts.slice(0, -1)) {
    const found = root.querySelector<HTMLElement>(`[data-field="${CSS.escape(parts.join('.'))}"]`);
    if (found) return found;
  }
  return null;
}
