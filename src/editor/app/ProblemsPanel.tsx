/**
 * The Problems panel: every broken file of the site as it is on disk, with its
 * messages and the pages it breaks, then its links that lead nowhere (warnings). A problem with a form opens it at the
 * failing field; an unreadable file is said plainly, as a developer's to fix, with the parser's
 * words folded under its technical details.
 */
import { problemCount, problemLocation, projectPath, type ProblemFile, type ProblemLocation, type SiteCheck } from '../lib/problems';
import { linksNowhereByFile } from '../lib/links-nowhere-list';
import { LinksNowhereGroup } from './LinksNowhereGroup';
import { ProblemIssue } from './ProblemIssue';
import type { Docs } from '../lib/model';
import { Dialog } from './dialogs';
import { pointerLabel } from '../lib/store/issue-details';
import { unreadableSentence } from '../lib/unreadable-files';

interface Props {
  files: readonly ProblemFile[];
  /** Links that lead nowhere, as the server sends them: warnings, listed by document after the problems and not counted with them. */
  linksNowhere: SiteCheck['linksNowhere'];
  docs: Docs;
  onOpen(location: ProblemLocation): void;
  onRefresh(): void;
  onClose(): void;
}

const pagePath = (slug: string) => (slug === 'home' ? '/' : `/${slug}/`);

export function ProblemsPanel({ files, linksNowhere, docs, onOpen, onRefresh, onClose }: Props) {
  const count = problemCount(files);
  return (
    <Dialog title="Problems" onClose={onClose} wide className="dialog-problems">
      <p className="problems-summary">
        {count === 0
          ? 'No problems: every page of the site can be published.'
          : `${count} problem${count === 1 ? '' : 's'} in ${files.length} file${files.length === 1 ? '' : 's'}, as the files are on disk (unsaved edits are not included). Open one to fix it, then save.`}
      </p>
      <ul className="problems-list">
        {files.map((file) => (
          <li key={file.file} className="problem-file">
            <div className="problem-file-head">
              <strong>{file.name}</strong> <code>{projectPath(file.file)}</code>
            </div>
            {file.unreadable ? (
              <UnreadableProblem file={file} />
            ) : (
              <ul className="problem-issues">
                {file.issues.map((issue) => {
                  const location = problemLocation(docs, file.file, issue.path);
                  const where = issue.path && (pointerLabel(docs, file.file, issue.path) || issue.path);
                  return <ProblemIssue key={`${issue.path}\n${issue.message}`} name={file.name} where={where} pointer={issue.path} message={issue.message} location={location} onOpen={onOpen} />;
                })}
              </ul>
            )}
            {file.pages.length > 0 && (
              <p className="problem-pages">
                Breaks {file.pages.length === 1 ? 'the page' : `${file.pages.length} pages`}: {file.pages.map(pagePath).join(', ')}
              </p>
            )}
          </li>
        ))}
      </ul>
      <LinksNowhereGroup groups={linksNowhereByFile(linksNowhere, docs)} docs={docs} onOpen={onOpen} />
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onRefresh}>
          Check again
        </button>
        <button type="button" className="btn btn-primary" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}

/** A file that cannot be read: a sentence for whoever edits the content, and the parser's words, folded, for the developer who fixes it. */
function UnreadableProblem({ file }: { file: ProblemFile }) {
  return (
    <div className="problem-unreadable">
      <p className="problem-plain">{unreadableSentence(file.file)}</p>
      <details className="problem-technical">
        <summary>Technical details for a developer</summary>
        {file.issues.map((issue) => (
          <p key={issue.message} className="problem-technical-text">
            {issue.message}
          </p>
        ))}
      </details>
    </div>
  );
}
