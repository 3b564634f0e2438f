/**
 * What each role may change, by store file (relative to src/data; images as
 * `assets/images/<name>`). An allowlist: an editor changes pages, collection
 * entries and images; everything else (the shared header and footer, the
 * redirects, any file added later) is an administrator's.
 */
export type Role = 'editor' | 'admin';

const EDITOR_FILES = ['pages/', 'collections/', 'assets/images/'];

export function canWrite(role: Role, file: string): boolean {
  return role === 'admin' || EDITOR_FILES.some((prefix) => file.startsWith(prefix));
}
