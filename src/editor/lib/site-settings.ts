/**
 * The site settings in the editor: their route (`/editor/~site`), their form
 * and their check, all from the one schema (src/engine/schema/site-settings.ts).
 * The document is the shared file `shared/site.json`, saved like any other, so
 * the server's role rule for shared documents applies to it.
 */
import { SITE_SETTINGS_FILE, SiteSettingsSchema, siteSettingsIssues } from '../../engine/schema/site-settings';
import { inputJsonSchema } from '../../engine/schema/json-schema';
import { HOME_SLUG } from '../../engine/slug';
import { fieldsOf } from './form';
import { serverIssues, type IssueMap } from './validate';

export { SITE_SETTINGS_FILE };

/** The editor route of the settings; `~` keeps it apart from page slugs, like entry routes. */
export const SITE_SETTINGS_ROUTE = '~site';

/** The page the preview shows while the settings are open: the home page carries all of them. */
export const SETTINGS_PREVIEW_SLUG = HOME_SLUG;

export const isSettingsFile = (file: string) => file === SITE_SETTINGS_FILE;

/** The settings' JSON Schema, for labels; and their form, generated from it. */
export const settingsJsonSchema = inputJsonSchema(SiteSettingsSchema);
export const settingsFields = fieldsOf(settingsJsonSchema);

/** What the settings are called in lists, history steps and problem lines. */
export const SETTINGS_NAME = 'Site settings';

/** What is wrong with the settings, keyed like every form's issues (`brandColor`, `socialImage.url`). */
export const settingsIssues = (data: unknown): IssueMap => serverIssues(siteSettingsIssues(data));
