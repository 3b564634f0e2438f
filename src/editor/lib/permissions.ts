/**
 * What the signed-in user may change, as the editor shows it. The rule is the
 * server's own (`canWrite` in src/server/auth/roles.ts, a pure function the
 * browser can load): an editor changes pages, collection entries and images;
 * an administrator also the shared documents (the header and footer), the
 * redirects and anything else. The server refuses the rest with 403 anyway;
 * the editor says so before anyone types.
 */
import { canWrite } from '../../server/auth/roles';
import type { EditorUser } from './model';
import { SITE_SETTINGS_FILE } from '../../engine/schema/site-settings';

export const ROLE_NAMES: Readonly<Record<EditorUser['role'], string>> = { editor: 'Editor', admin: 'Administrator' };

/** Whether `user` may change `file` (a path under src/data: `pages/about.json`, `shared/header.json`). */
export const mayWrite = (user: EditorUser, file: string): boolean => canWrite(user.role, file);

/** The note shown instead of a form the user may not change, and the reason a command refuses. */
export function readOnlyNote(file: string): string {
  return file === SITE_SETTINGS_FILE
    ? 'Only an administrator can change the site settings.'
    : file.startsWith('shared/')
    ? 'Only an administrator can change the shared header and footer.'
    : `Only an administrator can change src/data/${file}.`;
}

/** The files among `files` that `user` may not change. */
export const forbiddenFiles = (user: EditorUser, files: Iterable<string>): string[] => [...files].filter((file) => !mayWrite(user, file));
