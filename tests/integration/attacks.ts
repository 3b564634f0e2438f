import { expect } from 'vitest';
import { raw, type RawResponse } from '../helpers/http';
import { svgCorpus } from '../helpers/svg-corpus';
import { launchChromium, probeSvg, probeSvgs } from '../helpers/svg-browser';

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

/**
 * Whether the servers refuse a request path outright (400) before routing it, for any method:
 * a `.` or `..` segment, plain or encoded, which our paths and the URL parser the router uses
 * would resolve differently after an empty segment (server/requests.mjs).
 */
export const hasDotSegment = (path: string) => /(?:^|[/\\])(?:\.|%2e){1,2}(?:[/\\?]|$)/i.test(path);

/** Whether a write to `path` is refused (400) before routing: a dot segment, or doubled slashes (a read is redirected). */
export const isAmbiguousForWrites = (path: string) => hasDotSegment(path) || /\/\/|\\/.test(path.split('?', 1)[0]!);

/** A read as a browser makes it: a 301 to the single-slash spelling of the path is followed. */
export async function rawFollowingSlashes(origin: string, options: Parameters<typeof raw>[1]): Promise<RawResponse> {
  const first = await raw(origin, options);
  const location = first.headers.location;
  if (first.status !== 301 || typeof location !== 'string' || !location.startsWith('/')) return first;
  expect(location).not.toMatch(/\/\/|\\/);
  return raw(origin, { ...options, path: location });
}

/** Spellings of a route that the router treats as `path` (e.g. `/api/save-to-file`), or that are refused before it for being ambiguous. */
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

/**
 * The SVG corpus through a real server and a real browser: every hostile SVG
 * is refused by the upload, and every SVG that is accepted, loaded in Chromium
 * under every spelling of its URL (or those `spellings` gives), as a document
 * and through `<img>`, runs no
 * script and sends no request. A canary first proves the probe sees a script
 * that does run (`canaryPath`: an active SVG the server serves without the
 * images' CSP).
 */
export async function expectSvgCorpusInert(
  origin: string,
  upload: (name: string, bytes: Buffer) => Promise<RawResponse>,
  canaryPath: string,
  spellings: (name: string) => string[] = encodedImagePaths,
) {
  const accepted: string[] = [];
  const corpus = svgCorpus();
  for (const [index, file] of corpus.entries()) {
    const name = `corpus-${index}.svg`;
    const response = await upload(name, file.bytes);
    if (file.kind === 'hostile') expect(response.status, `${file.name}: ${response.text}`).toBe(400);
    else expect(response.status, `${file.name}: ${response.text}`).toBe(200);
    if (response.status === 200) accepted.push(name);
  }
  expect(accepted.length).toBe(corpus.filter((file) => file.kind === 'benign').length);
  const browser = await launchChromium();
  try {
    const context = await browser.newContext();
    expect(await probeSvg(context, origin, canaryPath, 'document')).toContainEqual(expect.stringMatching(/a script ran/));
    await context.close();
    expect(await probeSvgs(browser, origin, accepted.flatMap(spellings))).toEqual([]);
  } finally {
    await browser.close();
  }
}

/** An SVG whose script would run if it were served as a plain document: the probe's canary. */
export const ACTIVE_SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>console.log("ran")</script><rect width="10" height="10"/></svg>';

/** The uploaded SVG `name` is served, as `text`, with its CSP and nosniff under every spelling of its URL. */
export async function expectSvgServedSafely(origin: string, name: string, text: string) {
  for (const path of encodedImagePaths(name)) {
    const response = await rawFollowingSlashes(origin, { path });
    if (hasDotSegment(path)) {
      expect(response.status, path).toBe(400);
      expect(response.json().error, path).toMatch(/\. or \.\. segment/);
      continue;
    }
    expect(response.status, path).toBe(200);
    expect(response.headers['content-type'], path).toBe('image/svg+xml');
    expect(response.headers['content-security-policy'], path).toMatch(/default-src 'none'.*sandbox/);
    expect(response.headers['x-content-type-options'], path).toBe('nosniff');
    expect(response.text, path).toBe(text);
  }
}
