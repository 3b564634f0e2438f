/**
 * Splits a browser build into what the first load fetches (the entry chunk
 * and everything it imports statically) and what loads later through
 * dynamic `import()`, so the editor's budget is checked on its first load and
 * the lazily loaded rich-text field is reported apart.
 */

export interface BuiltChunk {
  fileName: string;
  isEntry: boolean;
  /** Chunks this one imports statically (they load with it). */
  imports: readonly string[];
  /** Source modules bundled into this chunk. */
  moduleIds: readonly string[];
  gzipBytes: number;
}

export interface BundleSplit {
  firstLoadGzipBytes: number;
  /** The lazy chunks that hold a module matching the pattern, with the chunks they import that the first load lacks. */
  lazyMatchingGzipBytes: number;
  /** Every other lazily loaded chunk. */
  lazyOtherGzipBytes: number;
}

/** Chunks reachable through static imports from `roots`. */
function staticClosure(chunks: ReadonlyMap<string, BuiltChunk>, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const name = stack.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    stack.push(...(chunks.get(name)?.imports ?? []));
  }
  return seen;
}

/** `lazyPattern` picks the lazily loaded part to report apart (the rich-text field) by its source path. */
export function splitBundle(chunks: readonly BuiltChunk[], lazyPattern: RegExp): BundleSplit {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const firstLoad = staticClosure(byName, chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
  const lazy = chunks.filter((chunk) => !firstLoad.has(chunk.fileName));
  const roots = lazy.filter((chunk) => chunk.moduleIds.some((id) => lazyPattern.test(id))).map((chunk) => chunk.fileName);
  const matching = staticClosure(byName, roots);
  const total = (list: readonly BuiltChunk[]) => list.reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
  return {
    firstLoadGzipBytes: total(chunks.filter((chunk) => firstLoad.has(chunk.fileName))),
    lazyMatchingGzipBytes: total(lazy.filter((chunk) => matching.has(chunk.fileName))),
    lazyOtherGzipBytes: total(lazy.filter((chunk) => !matching.has(chunk.fileName))),
  };
}

/**
 * The editor island's first-load budget, minified and gzipped (the target). A size, the
 * same on any machine, so the bench fails past it, quick run included, rather than only reporting
 * it: the first load once grew from 134 KB to 201 KB over a week of features without a word.
 */
export const EDITOR_FIRST_LOAD_BUDGET_BYTES = 200 * 1024;
