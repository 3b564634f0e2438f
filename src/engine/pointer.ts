/**
 * `$ref` strings: `<relative file path>#<JSON pointer>` (RFC 6901), with the
 * path relative to the directory of the file that holds the ref. Paths are
 * resolved inside the data root only; nothing here touches the filesystem.
 */
import { dirname, join } from './posix-path';

export class RefSyntaxError extends Error {}

export interface ParsedRef {
  /** Data-root-relative path of the target file, e.g. `shared/header.json`. */
  file: string;
  /** Unescaped pointer tokens; empty for the whole document. */
  tokens: string[];
  /** The pointer as written after percent-decoding, e.g. `/data/menu`. */
  pointer: string;
}

/** Keys that never resolve, even when a JSON file has them as own properties. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Splits an RFC 6901 pointer into tokens, unescaping `~1` before `~0`. */
export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new RefSyntaxError(`JSON pointer "${pointer}" must be empty or start with "/"`);
  return pointer
    .slice(1)
    .split('/')
    .map((token) => {
      if (/~[^01]|~$/.test(token)) throw new RefSyntaxError(`JSON pointer "${pointer}" has an invalid ~ escape`);
      return token.replaceAll('~1', '/').replaceAll('~0', '~');
    });
}

/** Escapes one token for use in a pointer. */
export function escapePointerToken(token: string | number): string {
  return String(token).replaceAll('~', '~0').replaceAll('/', '~1');
}

export function pointerFromPath(path: readonly (string | number)[]): string {
  return path.map((token) => `/${escapePointerToken(token)}`).join('');
}

/**
 * Parses a `$ref` found in `fromFile` (a data-root-relative path). Throws
 * RefSyntaxError for malformed refs and for paths that leave the data root.
 */
export function parseRef(ref: string, fromFile: string): ParsedRef {
  const hash = ref.indexOf('#');
  const pathPart = hash === -1 ? ref : ref.slice(0, hash);
  let pointer: string;
  try {
    pointer = hash === -1 ? '' : decodeURIComponent(ref.slice(hash + 1));
  } catch {
    throw new RefSyntaxError(`$ref "${ref}" has a malformed percent-encoding`);
  }
  return { file: resolveRefPath(pathPart, fromFile, ref), tokens: parsePointer(pointer), pointer };
}

function resolveRefPath(pathPart: string, fromFile: string, ref: string): string {
  if (pathPart === '') return fromFile;
  if (/[\\\0]/.test(pathPart) || pathPart.includes('%')) {
    throw new RefSyntaxError(`$ref "${ref}" has a backslash, NUL or % in its path`);
  }
  if (pathPart.startsWith('/') || /^[a-z][a-z0-9+.-]*:/i.test(pathPart)) {
    throw new RefSyntaxError(`$ref "${ref}" must use a path relative to the file that holds it`);
  }
  if (!pathPart.endsWith('.json')) throw new RefSyntaxError(`$ref "${ref}" must point to a .json file`);
  const joined = join(dirname(fromFile), pathPart);
  if (joined === '..' || joined.startsWith('../') || joined.startsWith('/')) {
    throw new OutOfRootError(`$ref "${ref}" leaves the data folder`);
  }
  return joined;
}

export class OutOfRootError extends RefSyntaxError {}

/** Why `token` cannot be looked up in `node`, or undefined when it can. */
export function lookupProblem(node: unknown, token: string): string | undefined {
  if (FORBIDDEN_KEYS.has(token)) return `"${token}" never resolves`;
  if (Array.isArray(node)) {
    if (!/^(0|[1-9][0-9]*)$/.test(token)) return `"${token}" is not an array index`;
    return Number(token) < node.length ? undefined : `index ${token} is past the end of the array`;
  }
  if (typeof node === 'object' && node !== null) {
    return Object.hasOwn(node, token) ? undefined : `no key "${token}"`;
  }
  return `cannot look up "${token}" in a ${node === null ? 'null' : typeof node}`;
}
