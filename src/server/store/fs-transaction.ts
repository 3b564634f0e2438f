/**
 * Atomic changes to several files on one filesystem, that survive a crash at
 * any point (`kill -9` included): either every step of a change is applied,
 * or none is.
 *
 * 1. Stage: each new content is written to a temp file beside its target and
 *    flushed. Nothing a reader sees has changed.
 * 2. Commit: a journal naming every step is written atomically. This is the
 *    moment the change happens: from here it will be completed.
 * 3. Apply: each step runs (rename a temp file over its target, move a file,
 *    remove a file). Every step can run twice with the same result.
 * 4. The journal is removed.
 *
 * `recover()` runs before a store serves anything: a journal left by a crash
 * is completed (its steps replayed), and temp files with no journal belong to
 * changes that never committed, so they are removed.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { TEMP_PREFIX, writeFileAtomic, writeTemp } from '../atomic-write';

/** What a change does to one file; paths are absolute, and each path is the target of at most one step. */
export type Step =
  | { kind: 'write'; target: string; data: string | Uint8Array }
  | { kind: 'remove'; target: string }
  | { kind: 'move'; from: string; to: string };

/** A step as the journal records it, once its content is staged. */
type JournalStep = { kind: 'replace'; temp: string; target: string } | { kind: 'remove'; target: string } | { kind: 'move'; from: string; to: string };

const JOURNAL_SUFFIX = '.journal.json';

function targetsOf(step: Step): string[] {
  return step.kind === 'move' ? [step.from, step.to] : [step.target];
}

/** Runs one journaled step; running it again after it completed changes nothing. */
async function applyStep(step: JournalStep): Promise<void> {
  const ignoreMissing = (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  };
  if (step.kind === 'replace') {
    await mkdir(dirname(step.target), { recursive: true });
    await rename(step.temp, step.target).catch(ignoreMissing);
  } else if (step.kind === 'remove') {
    await rm(step.target, { force: true });
  } else {
    await mkdir(dirname(step.to), { recursive: true });
    await rename(step.from, step.to).catch(ignoreMissing);
  }
}

export interface FsTransactions {
  /** Applies every step, or (after a crash before the commit point) none of them. */
  commit(steps: readonly Step[]): Promise<void>;
  /**
   * Completes committed changes. With `sweepTemps` (at start-up, before anything
   * else writes) it also removes the staged files of uncommitted ones.
   */
  recover(options: { sweepTemps: boolean }): Promise<void>;
}

/**
 * Transactions whose journals live in `journalDir`, over files under `roots`
 * (the folders recovery sweeps for orphaned temp files). The journal folder must
 * be on the same filesystem as the files, outside any folder that is served or
 * read as content.
 */
export function createFsTransactions(journalDir: string, roots: readonly string[]): FsTransactions {
  async function journals(): Promise<string[]> {
    const names = await readdir(journalDir).catch(() => [] as string[]);
    return names.filter((name) => name.endsWith(JOURNAL_SUFFIX)).sort().map((name) => join(journalDir, name));
  }

  async function sweepTemps(dir: string): Promise<void> {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() && !entry.isSymbolicLink()) await sweepTemps(path);
      else if (entry.name.startsWith(TEMP_PREFIX)) await rm(path, { force: true });
    }
  }

  return {
    async commit(steps) {
      const targets = steps.flatMap(targetsOf);
      if (new Set(targets).size !== targets.length) throw new Error('A change names one file twice');
      const staged: JournalStep[] = [];
      try {
        for (const step of steps) {
          if (step.kind === 'write') staged.push({ kind: 'replace', temp: await writeTemp(step.target, step.data), target: step.target });
          else if (step.kind === 'remove') staged.push({ kind: 'remove', target: step.target });
          else staged.push({ kind: 'move', from: step.from, to: step.to });
        }
      } catch (error) {
        await Promise.all(staged.map((step) => (step.kind === 'replace' ? rm(step.temp, { force: true }) : undefined)));
        throw error;
      }
      await mkdir(journalDir, { recursive: true });
      const journal = join(journalDir, `${Date.now().toString(36)}-${randomBytes(6).toString('hex')}${JOURNAL_SUFFIX}`);
      await writeFileAtomic(journal, JSON.stringify(staged));
      for (const step of staged) await applyStep(step);
      await rm(journal, { force: true });
    },

    async recover({ sweepTemps: sweep }) {
      for (const journal of await journals()) {
        let steps: JournalStep[];
        try {
          steps = JSON.parse(await readFile(journal, 'utf8')) as JournalStep[];
        } catch {
          // A journal is written atomically, so an unreadable one was never committed.
          await rm(journal, { force: true });
          continue;
        }
        for (const step of steps) await applyStep(step);
        await rm(journal, { force: true });
      }
      if (!sweep) return;
      for (const root of roots) await sweepTemps(root);
      await sweepTemps(journalDir);
    },
  };
}
