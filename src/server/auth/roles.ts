/**
 * What each role may change. An `editor` edits content and images: pages,
 * collection entries and uploaded images. An `admin` also edits the site's
 * shared documents (header, footer, site settings), the redirects and anything
 * else, and manages users.
 */
import type { Role } from '../../../server/users-file.mjs';

export type { Role };

/** Folders (as path segments) under src/data that an editor may write in. */
const EDITOR_FOLDERS: readonly (readonly string[])[] = [['pages'], ['collections'], ['assets', 'images']];

/**
 * Whether `role` may write `file`, a path relative to src/data as a changeset
 * names it (`pages/about.json`, `assets/images/logo.png`). A path with empty,
 * `.` or `..` segments or backslashes is no one's to write.
 */
export function canWrite(role: Role, file: string): boolean {
  if (typeof file !== 'string' || file === '' || file.includes('\\')) return false;
  const segments = file.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) return false;
  if (role === 'admin') return true;
  if (role !== 'editor') return false;
  return EDITOR_FOLDERS.some((folder) => segments.length > folder.length && folder.every((name, index) => segments[index] === name));
}

export const canManageUsers = (role: Role) => role === 'admin';
