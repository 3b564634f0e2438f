/**
 * Where a value of a resolved page is stored. The bundle schema reports
 * problems by their path in the bundle, but a value reached through `$ref`s
 * (a link in the shared header, say) lives in another file: the error must
 * name that file and pointer, or nobody knows what to fix. Only run when a
 * bundle fails validation, so it re-walks the stored data instead of having
 * the resolver record an origin for every value.
 */
import { isRef } from './schema/refs';
import { parseRef, pointerFromPath } from './pointer';
import type { ContentSnapshot } from './snapshot';

interface Place {
  file: string;
  tokens: (string | number)[];
  node: unknown;
}

/** Refs one lookup may follow; a page that resolved has no cycles, but this never loops. */
const MAX_HOPS = 64;

function step(place: Place, key: string | number): Place | undefined {
  const { node } = place;
  if (typeof node !== 'object' || node === null || !Object.hasOwn(node, String(key))) return undefined;
  return { file: place.file, tokens: [...place.tokens, key], node: (node as Record<string, unknown>)[String(key)] };
}

/** `place`, or while it holds a `$ref`, the place the ref points to. */
function follow(snapshot: ContentSnapshot, place: Place, hops: { left: number }): Place | undefined {
  let current = place;
  while (isRef(current.node)) {
    if (typeof current.node.$ref !== 'string' || --hops.left < 0) return undefined;
    let target;
    try {
      target = parseRef(current.node.$ref, current.file);
    } catch {
      return undefined;
    }
    let next: Place | undefined = { file: target.file, tokens: [], node: snapshot.get(target.file) };
    for (const token of target.tokens) {
      next = follow(snapshot, next, hops);
      next = next && step(next, token);
      if (!next) return undefined;
    }
    current = next;
  }
  return current;
}

/**
 * The file and pointer that hold the value at `path` of the page stored in
 * `file` as `root`, following `$ref`s; for a missing field, where it belongs.
 * Undefined when the path cannot be walked.
 */
export function originOf(snapshot: ContentSnapshot, file: string, root: unknown, path: readonly PropertyKey[]): { file: string; pointer: string } | undefined {
  const hops = { left: MAX_HOPS };
  let place: Place | undefined = { file, tokens: [], node: root };
  for (const [index, key] of path.entries()) {
    if (typeof key === 'symbol') return undefined;
    place = follow(snapshot, place, hops);
    if (!place) return undefined;
    const next = step(place, key);
    // A missing field is added in the file that holds the object it belongs in.
    if (!next && index === path.length - 1) return { file: place.file, pointer: pointerFromPath([...place.tokens, key]) };
    if (!next) return undefined;
    place = next;
  }
  place = follow(snapshot, place, hops);
  return place && { file: place.file, pointer: pointerFromPath(place.tokens) };
}
