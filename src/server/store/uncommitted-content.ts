/**
 * With a remote, the working clone is the server's own (CONTENT_GIT_DIR): every change in it is
 * one the server commits. A change made there by hand and never committed was published as it
 * was, and trusted by the checks of later saves: a post was saved naming a tag that existed only
 * there, so the remote got a post whose tag no commit has (a hostile review's find). So before
 * each change and each publication, such changes to the content are put back as the clone's
 * branch has them, and the log names them. Without a remote the repository may be a developer's
 * own checkout, whose uncommitted work is theirs: it is left alone (docs/deploy.md says so).
 */
import { CONTENT_PATHS, gitAt, literal } from '../../../server/git-content.mjs';
import { retryingWhileLocked } from '../../../server/git-locks.mjs';
import { publicMessage } from '../paths';

/** Puts back every uncommitted change to the content in the clone at `dir`; returns the paths it put back. */
export async function dropUncommittedContent(dir: string): Promise<string[]> {
  const client = gitAt(dir);
  const status = await client.raw(['status', '--porcelain=v1', '-z', '--untracked-files=all', '--no-renames', '--', ...literal(CONTENT_PATHS)]);
  // Each entry is `XY path`: two status letters and a space before the path.
  const paths = status.split('\0').filter(Boolean).map((entry) => entry.slice(3));
  if (paths.length === 0) return [];
  await client.raw(['reset', '-q', '--hard', 'HEAD']);
  await client.raw(['clean', '-fdq', '--', ...literal(CONTENT_PATHS)]);
  return paths;
}

/**
 * Drops what was changed by hand in the clone at `dir`, in the steady state only: HEAD at the
 * remote-tracking branch `tracking`, so that what it is put back to is the branch. It never fails
 * a save or a publication: a lock held past the retries is the commit's to report (503), and
 * anything else is logged.
 */
export async function tidyClone(dir: string, tracking: string): Promise<void> {
  const client = gitAt(dir);
  try {
    if ((await client.revparse(['HEAD'])).trim() !== (await client.revparse([tracking])).trim()) return;
    const dropped = await retryingWhileLocked(() => dropUncommittedContent(dir));
    if (dropped.length > 0) console.error(`The content clone had changes nobody committed, put back as its branch has them: ${dropped.join(', ')}. Edit content through the editor or the remote, never in the server's clone.`);
  } catch (error) {
    console.error(`The content clone could not be tidied: ${publicMessage(error instanceof Error ? error.message : String(error))}`);
  }
}
