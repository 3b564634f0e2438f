/**
 * The few POSIX path operations `$ref` resolution needs, without node:path,
 * so the same code runs in the editor in the browser.
 */

/** Resolves `.` and `..` segments; a result that climbs above the start keeps its leading `..`. */
export function normalize(path: string): string {
  const out: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..' && out.length > 0 && out.at(-1) !== '..') out.pop();
    else out.push(segment);
  }
  return (path.startsWith('/') ? '/' : '') + out.join('/');
}

export function dirname(path: string): string {
  const index = path.lastIndexOf('/');
  return index <= 0 ? (index === 0 ? '/' : '.') : path.slice(0, index);
}

export const join = (...parts: string[]) => normalize(parts.filter((part) => part !== '').join('/'));
