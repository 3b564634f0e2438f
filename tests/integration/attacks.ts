/**
 * The request spellings of the hostile review (issue: stored-XSS chain), shared
 * by the dev and production server tests and the browser test: each names the
 * same file as the plain URL once the static servers decode and normalise it.
 */

/** Every spelling of `/assets/images/<name>` that a static server decodes or normalises back to it. */
export function encodedImagePaths(name: string): string[] {
  const [base, extension] = name.split('.') as [string, string];
  return [
    `/assets/images/${name}`,
    `/assets/images/${base}%2E${extension}`,
    `/assets/images/${base}.${extension.slice(0, -1)}%${extension.charCodeAt(extension.length - 1).toString(16)}`,
    `/assets/%69mages/${name}`,
    `/assets//images/${name}`,
    `/assets/./images/${name}`,
    `/assets/a/../images/${name}`,
    `/%61ssets/images/${name}`,
  ];
}

/** Spellings of a route that the router treats as `path` (e.g. `/api/save-to-file`). */
export function routeSpellings(path: string): string[] {
  const [, first, ...rest] = path.split('/');
  const last = rest.pop()!;
  const encodedLast = `%${last.charCodeAt(0).toString(16)}${last.slice(1)}`;
  return [`${path}/`, `/${first}/${[...rest, encodedLast].join('/')}`, `/.${path}`, `/${first}//${[...rest, last].join('/')}`];
}

/** Host headers that are not host[:port]: servers once hung on them. */
export const MALFORMED_HOSTS = ['localhost:abc', 'localhost:4721.evil.com', 'local host', 'localhost:99999', ''];

/** An SVG that differs by `n`, for concurrent uploads of different bytes under one name. */
export const numberedSvg = (n: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 10"><rect width="${n + 1}" height="10" fill="#0af"/></svg>`;

/** Resident memory of a process on Linux, in bytes. */
export async function residentBytes(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}
