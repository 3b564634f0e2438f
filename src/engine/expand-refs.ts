/**
 * `$ref` expansion for the resolver: a value with every `$ref` replaced by its
 * fully resolved target. Targets are resolved once per snapshot and shared by
 * every page; each page has a budget of refs and of resolved size, so a small
 * file cannot expand into a huge page.
 */
import { ContentError } from './content-error';
import { checkChain, parseRefLink, walkToTarget, type RefLink } from './follow-ref';
import { pointerFromPath } from './pointer';
import { isRef } from './schema/refs';
import type { ContentSnapshot, Refusal } from './snapshot';

export { MAX_REF_DEPTH } from './follow-ref';
/** Refs one page may follow in total, counting repeats. */
export const MAX_REFS_PER_PAGE = 2000;
/**
 * The most content one page may resolve to. A `$ref` repeats its whole target
 * each time it is used, so a small file with many refs to one large string
 * would otherwise make a page of gigabytes (a 10 KB page with 100 refs to a
 * 2 MiB string took 82 s and 3 GB to render). Measured as values are placed:
 * the characters of every string and key, plus one per other value, a lower
 * bound on the page's JSON size. It also bounds what rendering one page costs: the server renders
 * a publication's pages, and 5 MiB of Markdown tables took 13 s of its thread.
 */
export const MAX_RESOLVED_PAGE_SIZE = 1024 * 1024;

/** Where the resolver is in a file, as pointer tokens. */
export type Path = (string | number)[];

/** What one page may still spend: refs to follow, and content size so far. */
export interface Budget {
  left: number;
  size: number;
  /** The page file being resolved, named by a size error. */
  page: string;
}

/** A new budget for resolving the page stored in `page`. */
export const pageBudget = (page: string): Budget => ({ left: MAX_REFS_PER_PAGE, size: 0, page });

/**
 * What a subtree with no `$ref` in it adds to a page's size, by its object: a page's sections and
 * its meta as the snapshot parsed them. A snapshot keeps the object of every file that did not
 * change (and objects are only read, never changed), so after a change to a shared document, say
 * the header, resolving every page again walks only their refs.
 */
const refFreeSizes = new WeakMap<object, number>();
/** Subtrees kept in refFreeSizes: up to a page's sections and meta, not every object inside them. */
const REF_FREE_DEPTH = 2;

/** A ref expander over one snapshot; `refusal` says why a path was refused (a link), if it was. */
export function createRefExpander(snapshot: ContentSnapshot, refusal: (path: string) => Refusal | undefined) {
  /** Resolved `$ref` targets with their size (see MAX_RESOLVED_PAGE_SIZE), shared by every page. */
  const resolvedTargets = new Map<string, { value: unknown; size: number }>();
  /** `$ref` texts already parsed, by the file that holds them and the text. */
  const parsedRefs = new Map<string, RefLink>();

  /**
   * Follows one `$ref` and returns its fully resolved target. The ref sits at
   * `base` + `path` in `fromFile`; the pointer text is only built for errors.
   */
  function followRef(ref: string, fromFile: string, base: string, path: Path, chain: string[], budget: Budget): unknown {
    const at = () => base + pointerFromPath(path);
    if (--budget.left < 0) throw new ContentError('limit', fromFile, `more than ${MAX_REFS_PER_PAGE} refs on one page`, at());
    // Every page names the shared header and footer with the same ref text: parse it once.
    const refKey = `${fromFile}\0${ref}`;
    let link = parsedRefs.get(refKey);
    if (!link) parsedRefs.set(refKey, (link = parseRefLink(ref, fromFile, at)));
    checkChain(link, chain, fromFile, at);
    const { target, key } = link;
    const cached = resolvedTargets.get(key);
    if (cached !== undefined) {
      grow(budget, cached.size, fromFile, at);
      return cached.value;
    }

    const nextChain = [...chain, key];
    // Refs the pointer passes through are not placed in the page: their size does not count.
    const sizeBefore = budget.size;
    const node = walkToTarget(ref, link, fromFile, at, {
      get: (file) => snapshot.get(file),
      refusal,
      through: (inner, file, walked, through) => followRef(inner, file, '', [...walked], [...through], budget),
    }, nextChain);
    budget.size = sizeBefore;
    const resolved = resolveValue(node, target.file, target.pointer, [], nextChain, budget);
    resolvedTargets.set(key, { value: resolved, size: budget.size - sizeBefore });
    return resolved;
  }

  /** Adds `size` to the page's content; past MAX_RESOLVED_PAGE_SIZE the page is refused at once. */
  function grow(budget: Budget, size: number, file: string, at: () => string) {
    budget.size += size;
    if (budget.size <= MAX_RESOLVED_PAGE_SIZE) return;
    const inPage = file === budget.page;
    const where = inPage ? '' : ` (the limit is passed at ${file}#${at()})`;
    // Said to the people who save the page, not to developers: no "$ref", "resolve" or "MiB".
    throw new ContentError(
      'limit',
      budget.page,
      `is too large: with the shared parts it shows, this page holds more than ${MAX_RESOLVED_PAGE_SIZE / 1024 / 1024} MB of text${where}, the most a page may. Shorten its longest texts, or show fewer shared parts (a part shown twice counts twice)`,
      inPage ? at() : '',
    );
  }

  /**
   * `value` with every `$ref` replaced by its target. Parts without refs are
   * returned as they are, not copied: the candidate bundle is only read, and
   * the bundle schema's parse builds the bundle from fresh objects, so no
   * bundle shares an object with the snapshot. `path` (under the pointer
   * `base`) is a stack the walk pushes to and pops from; pointer text is built
   * only when there is an error to report.
   */
  function resolveValue(value: unknown, file: string, base: string, path: Path, chain: string[], budget: Budget): unknown {
    if (typeof value !== 'object' || value === null || path.length > REF_FREE_DEPTH) return expand(value, file, base, path, chain, budget);
    const known = refFreeSizes.get(value);
    // Over the cap, the walk below says where the page crossed it.
    if (known !== undefined && budget.size + known <= MAX_RESOLVED_PAGE_SIZE) {
      budget.size += known;
      return value;
    }
    const sizeBefore = budget.size;
    const resolved = expand(value, file, base, path, chain, budget);
    // Nothing in it was replaced, so it held no ref (a ref's target is never the ref itself).
    if (resolved === value) refFreeSizes.set(value, budget.size - sizeBefore);
    return resolved;
  }

  /** resolveValue's walk, one level: what it finds inside goes back through resolveValue. */
  function expand(value: unknown, file: string, base: string, path: Path, chain: string[], budget: Budget): unknown {
    // Every value counts as it is placed (a string by its length); a `$ref` adds its target's size.
    budget.size += typeof value === 'string' ? value.length : 1;
    if (budget.size > MAX_RESOLVED_PAGE_SIZE) grow(budget, 0, file, () => base + pointerFromPath(path));
    if (typeof value !== 'object' || value === null) return value;
    if (Array.isArray(value)) {
      let out: unknown[] | undefined = Object.getPrototypeOf(value) === Array.prototype ? undefined : [];
      for (let index = 0; index < value.length; index += 1) {
        const item: unknown = value[index];
        path.push(index);
        const resolved = resolveValue(item, file, base, path, chain, budget);
        path.pop();
        if (out) out.push(resolved);
        else if (resolved !== item) (out = value.slice(0, index)).push(resolved);
      }
      return out ?? value;
    }
    if (isRef(value)) {
      if (typeof value.$ref !== 'string') throw new ContentError('invalid', file, '$ref must be a string', base + pointerFromPath(path));
      return followRef(value.$ref, file, base, path, chain, budget);
    }
    const keys = Object.keys(value);
    // Only plain objects are passed through as they are; anything else is copied.
    const copy = Object.getPrototypeOf(value) !== Object.prototype;
    let resolvedItems: unknown[] | undefined;
    for (let index = 0; index < keys.length; index += 1) {
      const key = keys[index]!;
      const item = (value as Record<string, unknown>)[key];
      budget.size += key.length;
      path.push(key);
      const resolved = resolveValue(item, file, base, path, chain, budget);
      path.pop();
      if (resolvedItems) resolvedItems.push(resolved);
      else if (resolved !== item || copy) (resolvedItems = keys.slice(0, index).map((k) => (value as Record<string, unknown>)[k])).push(resolved);
    }
    if (!resolvedItems) return value;
    const out: Record<string, unknown> = {};
    for (let index = 0; index < keys.length; index += 1) {
      // Assigning an own "__proto__" key (JSON.parse makes one) would set the copy's prototype
      // instead: keep it what it was in the file, an own and inert key.
      if (keys[index] === '__proto__') Object.defineProperty(out, '__proto__', { value: resolvedItems[index], enumerable: true, writable: true, configurable: true });
      else out[keys[index]!] = resolvedItems[index];
    }
    return out;
  }

  return resolveValue;
}
