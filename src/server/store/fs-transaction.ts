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
 * A step that fails while the change is applied (a file the system will not
 * let go of, a full disk) undoes the steps before it, from what they replaced,
 * kept (a hard link, else a copy) until the change is done: a save answered "nothing was
 * saved" is never completed later behind the editor's back. Only a crash (or
 * a failing undo) leaves the journal, and then the change is completed.
 *
 * `recover()` runs before a store serves anything: a journal left by a crash
 * is completed (its steps replayed), and temp files with no journal belong to
 * changes that never committed, so they are removed.
 */
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, link, mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { TEMP_PREFIX, writeFileAtomic, writeTemp } from '../atomic-write';

/** What a change does to one file; paths are absolute, and each path is the target of at most one step. */
export type Step =
  | { kind: 'write'; target: string; data: string | Uint8Array }
  | { kind: 'remove'; target: string }
  | { kind: 'move'; from: string; to: string };

/** A step as the journal records it, once its content is staged; `kept` holds what it replaces or removes (keepOld). */
type JournalStep = { kind: 'replace'; temp: string; target: string; kept?: string } | { kind: 'remove'; target: string; kept?: string } | { kind: 'move'; from: string; to: string };

/**
 * What `target` holds now, kept beside it under a temp name (swept if left): a hard link, or a
 * copy where the filesystem makes none. Undefined when there is no file there.
 */
async function keepOld(target: string): Promise<string | undefined> {
  const kept = join(dirname(target), `${TEMP_PREFIX}${basename(target)}.kept.${randomBytes(6).toString('hex')}`);
  try {
    await link(target, kept).catch(() => copyFile(target, kept, constants.COPYFILE_EXCL));
    return kept;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Undoes a step that was applied: what it replaced or removed is put back, a moved file moved back. */
async function undoStep(step: JournalStep): Promise<void> {
  if (step.kind === 'move') await rename(step.to, step.from);
  else if (step.kept !== undefined) await rename(step.kept, step.target);
  else await rm(step.target, { force: true }); // a file the change created
}

/** Removes what a step that was never applied staged: its new content and the old content kept. */
async function discardStep(step: JournalStep): Promise<void> {
  if (step.kind === 'replace') await rm(step.temp, { force: true });
  if (step.kind !== 'move' && step.kept !== undefined) await rm(step.kept, { force: true });
}

const keptCopies = (steps: readonly JournalStep[]) => steps.flatMap((step) => (step.kind !== 'move' && step.kept !== undefined ? [step.kept] : []));

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
          if (step.kind === 'write') {
            const replace: Extract<JournalStep, { kind: 'replace' }> = { kind: 'replace', temp: await writeTemp(step.target, step.data), target: step.target };
            staged.push(replace); // before the link is made, so that a failing link still has the temp file removed
            replace.kept = await keepOld(step.target);
          } else if (step.kind === 'remove') staged.push({ kind: 'remove', target: step.target, kept: await keepOld(step.target) });
          else staged.push({ kind: 'move', from: step.from, to: step.to });
        }
      } catch (error) {
        await Promise.all(staged.map(discardStep));
        throw error;
      }
      await mkdir(journalDir, { recursive: true });
      const journal = join(journalDir, `${Date.now().toString(36)}-${randomBytes(6).toString('hex')}${JOURNAL_SUFFIX}`);
      await writeFileAtomic(journal, JSON.stringify(staged));
      for (let index = 0; index < staged.length; index += 1) {
        try {
          await applyStep(staged[index]!);
        } catch (error) {
          // The steps applied are undone, newest first (each is one rename or removal, so the failed one
          // did not happen); the journal goes once all is back. An undo that fails too leaves the
          // journal, and the change is completed later.
          const undone = await (async () => {
            for (const step of staged.slice(0, index).reverse()) await undoStep(step);
            for (const step of staged.slice(index)) await discardStep(step);
          })().then(() => true, () => false);
          if (undone) await rm(journal, { force: true });
          throw error;
        }
      }
      await rm(journal, { force: true });
      await Promise.all(keptCopies(staged).map((kept) => rm(kept, { force: true })));
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
        await Promise.all(keptCopies(steps).map((kept) => rm(kept, { force: true })));
      }
      if (!sweep) return;
      for (const root of roots) await sweepTemps(root);
      await sweepTemps(journalDir);
    },
  };
}
