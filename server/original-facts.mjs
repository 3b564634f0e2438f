// The facts of originals (hash, size in pixels, alpha, GPS), by path and file identity (size,
// mtime, inode), in memory and, given a cache folder, on disk beside the variants: a warm build
// or a restarted server reads no original it has described before. A changed file has a new
// identity and is described again.
// Plain JavaScript so the production server can load it without a build step.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from './atomic-write.mjs';
import { serialised } from './serialise.mjs';

/** cacheDir ('' for memory only) → Map(path → { identity, facts }), loaded once. */
const loaded = new Map();

async function factsOf(cacheDir) {
  let facts = loaded.get(cacheDir);
  if (!facts) {
    facts = (async () => {
      if (!cacheDir) return new Map();
      try {
        return new Map(Object.entries(JSON.parse(await readFile(join(cacheDir, 'originals.json'), 'utf8'))));
      } catch {
        return new Map(); // none yet, or unreadable: every original is described again
      }
    })();
    loaded.set(cacheDir, facts);
  }
  return facts;
}

/** The identity a file's facts are valid for. */
export const identityOf = (info) => `${info.size}:${info.mtimeMs}:${info.ino}`;

/** What is remembered for `path`, at whatever identity: `{ identity, facts }`, or undefined. */
export async function describedEntry(cacheDir, path) {
  return (await factsOf(cacheDir)).get(path);
}

/** The facts remembered for `path` at this identity, or undefined. */
export async function rememberedFacts(cacheDir, path, identity) {
  const entry = (await factsOf(cacheDir)).get(path);
  return entry?.identity === identity ? entry.facts : undefined;
}

/** Remembers facts, and writes the whole file again (one write at a time; a small file, one line an original). */
export async function rememberFacts(cacheDir, path, identity, facts) {
  const all = await factsOf(cacheDir);
  all.set(path, { identity, facts });
  if (!cacheDir) return;
  await serialised(`original-facts:${cacheDir}`, () => writeFileAtomic(join(cacheDir, 'originals.json'), `${JSON.stringify(Object.fromEntries(all))}\n`)).catch(() => {
    // A cache that cannot be written only costs the next process a read of the originals.
  });
}
