/**
 * With a remote, the working clone is the server's own (CONTENT_GIT_DIR): every change in it is
 * one the server commits. A change made there by hand and never committed was published as it
 * was, and trusted by the checks of later saves: a post was saved naming a tag that existed only
 * there, so the remote got a post whose tag no commit has (a hostile review's find). So before
 * each change and each publication, such changes to the content are put back as the clone's
 * branch has them (the backend's own reset to the remote, as after a refused change), and the log
 * names them. Without a remote the repository may be a developer's
 * own checkout, whose uncommitted work is theirs: it is left alone (docs/deploy.md says so).
 */
import { CONTENT_PATHS, gitAt, literal } from '../../../server/git-content.mjs';

/** The content paths changed in the clone at `dir` and never committed (tracked or not). */
export async function uncommittedContent(dir: string): Promise<string[]> {
  const status = await gitAt(dir).raw(['status', '--porcelain=v1', '-z', '--untracked-files=all', '--no-renames', '--', ...literal(CONTENT_PATHS)]);
  // Each entry is `XY path`: two status letters and a space before the path.
  return status.split('\0').filter(Boolean).map((entry) => entry.slice(3));
}

/** What the log says of them, once they are put back. */
export const handEditsNote = (paths: readonly string[]) =>
  `The content clone had changes nobody committed, put back as its branch has them: ${paths.join(', ')}. Edit content through the editor or the remote, never in the server's clone.`;
