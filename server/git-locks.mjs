// Git's locks: another git process (a developer's `git status` in the same repository, an
// editor's git view refreshing) holds .git/index.lock for a moment, and git gives up at once
// rather than wait. The content store's commands wait a little instead (git-backend.ts).
// Plain JavaScript so the production server can load it without a build step.
import { setTimeout as delay } from 'node:timers/promises';

/**
 * Whether git refused because another git process holds one of its locks
 * (`Unable to create '…/.git/index.lock': File exists`).
 * @param {unknown} error
 */
export const heldLock = (error) => /Unable to create '[^']*\.lock': File exists/.test(error instanceof Error ? error.message : String(error));

/** The pauses before each new try while a lock is held: about 3 s in all. */
const LOCK_PAUSES_MS = [50, 100, 200, 400, 800, 1600];

/**
 * Runs `run`, and again after a pause while another git process holds a lock. A developer's
 * `git status` in the same repository takes .git/index.lock for a moment, and git gives up at
 * once rather than wait, which failed most saves made while an editor's git view refreshed.
 * @template T
 * @param {() => Promise<T>} run
 * @returns {Promise<T>}
 */
export async function retryingWhileLocked(run) {
  for (const pause of LOCK_PAUSES_MS) {
    try {
      return await run();
    } catch (error) {
      if (!heldLock(error)) throw error;
      await delay(pause);
    }
  }
  return run();
}

