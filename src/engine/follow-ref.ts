/**
 * Following a `$ref`, the one way: parse it against the file that holds it,
 * refuse cycles and chains deeper than MAX_REF_DEPTH, find the target file
 * and walk the pointer, following refs the pointer passes through. The
 * resolver (expand-refs.ts) builds bundles with these steps; the editor
 * (`locateRef`) finds where a shared value lives, to edit it in place. Both
 * fail the same way, with a ContentError.
 */
import { ContentError } from './content-error';
import { lookupProblem, OutOfRootError, parseRef, RefSyntaxError, type ParsedRef } from './pointer';
import { isRef } from './schema/refs';
import { describeRefusal, type Refusal } from './snapshot';

/** Nested refs a single ref may pass through before resolution gives up. */
export const MAX_REF_DEPTH = 32;

/** A parsed ref and its key (`file#pointer`), which names it in chains and caches. */
export interface RefLink {
  target: ParsedRef;
  key: string;
}

/** Parses `ref` written in `fromFile`; `at` is where it sits, for the error. */
export function parseRefLink(ref: string, fromFile: string, at: () => string): RefLink {
  try {
    const target = parseRef(ref, fromFile);
    return { target, key: `${target.file}#${target.pointer}` };
  } catch (error) {
    if (!(error instanceof RefSyntaxError)) throw error;
    throw new ContentError(error instanceof OutOfRootError ? 'out-of-root' : 'invalid', fromFile, error.message, at());
  }
}

/** Refuses a link that closes a cycle or makes the chain too deep. */
export function checkChain(link: RefLink, chain: readonly string[], fromFile: string, at: () => string): void {
  if (chain.includes(link.key)) throw new ContentError('cyclic-ref', fromFile, `$ref cycle: ${[...chain, link.key].join(' → ')}`, at());
  if (chain.length >= MAX_REF_DEPTH) throw new ContentError('limit', fromFile, `$ref chain deeper than ${MAX_REF_DEPTH}: ${[...chain, link.key].join(' → ')}`, at());
}

export interface RefSource {
  /** A file's parsed JSON, or undefined if there is none. */
  get(file: string): unknown;
  /** Why a file was refused (a link, say), if it was. */
  refusal?(file: string): Refusal | undefined;
  /** The value of a ref the pointer passes through, on its way (`walked`: the tokens so far in `file`). */
  through(ref: string, file: string, walked: readonly string[], chain: readonly string[]): unknown;
}

/** The value `link` points at, as stored (refs in it are left as they are); `chain` includes the link. */
export function walkToTarget(ref: string, link: RefLink, fromFile: string, at: () => string, source: RefSource, chain: readonly string[]): unknown {
  const { target } = link;
  let node = source.get(target.file);
  if (node === undefined) {
    const refused = source.refusal?.(target.file);
    if (refused) throw new ContentError('refused', fromFile, `$ref "${ref}": ${describeRefusal(refused)}`, at());
    throw new ContentError('dangling-ref', fromFile, `$ref "${ref}": file ${target.file} does not exist`, at());
  }
  const walked: string[] = [];
  for (const token of target.tokens) {
    if (isRef(node)) node = source.through(String(node.$ref), target.file, walked, chain);
    const problem = lookupProblem(node, token);
    if (problem) throw new ContentError('dangling-ref', fromFile, `$ref "${ref}": ${problem} in ${target.file}`, at());
    node = (node as Record<string, unknown>)[token];
    walked.push(token);
  }
  return node;
}

/** Where a ref, or a chain of refs, ends: the stored value, its file and the pointer tokens into it. */
export interface RefLocation {
  value: unknown;
  file: string;
  tokens: string[];
}

/**
 * Follows `$ref`s from `value` (written in `fromFile`) to the value they
 * stand for, as stored. A value that is not a ref is its own location.
 * Throws a ContentError for a broken, cyclic or too deep chain.
 */
export function locateRef(value: unknown, fromFile: string, get: (file: string) => unknown, chain: readonly string[] = []): RefLocation {
  if (!isRef(value)) return { value, file: fromFile, tokens: [] };
  const at = () => '';
  if (typeof value.$ref !== 'string') throw new ContentError('invalid', fromFile, '$ref must be a string', at());
  const link = parseRefLink(value.$ref, fromFile, at);
  checkChain(link, chain, fromFile, at);
  const next = [...chain, link.key];
  const source: RefSource = { get, through: (ref, file, _walked, through) => locateRef({ $ref: ref }, file, get, through).value };
  const found = walkToTarget(value.$ref, link, fromFile, at, source, next);
  if (isRef(found)) return locateRef(found, link.target.file, get, next);
  return { value: found, file: link.target.file, tokens: link.target.tokens };
}
