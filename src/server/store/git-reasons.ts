/** What the content store's git backend (git-backend.ts) says when git refuses or fails. */
import { publicMessage } from '../paths';

/** Why a change was refused while another git process held the repository's lock. */
export const LOCKED = 'Another git process holds the content repository\'s lock (.git/index.lock), so nothing was saved. Try again; if it goes on, and no git command is running there, remove that file.';

/**
 * The line of git's output that says why a command failed: a ref's status (`! [remote rejected]
 * HEAD -> main (pre-receive hook declined)`), else the first `fatal:` or `error:` line, else the
 * first line. Pushes and fetches report progress (--progress), which is never the reason.
 */
export function gitReason(error: unknown): string {
  const lines = (error instanceof Error ? error.message : String(error)).split(/[\r\n]+/).map((line) => line.trim()).filter(Boolean);
  // It can name places on this machine (the remote's folder, the clone's): hidden as in any error body.
  return publicMessage(lines.find((line) => line.startsWith('! [')) ?? lines.find((line) => line.startsWith('fatal:') || line.startsWith('error:')) ?? lines[0] ?? 'unknown error');
}
