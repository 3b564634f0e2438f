/**
 * A file the server cannot read (not JSON, a key twice, a link, too large; or a section type's code
 * that does not load), said to a content editor: what it is, in the editor's words, and that a
 * developer must fix it. The parser's own sentence ("Expected double-quoted property name in JSON
 * at position 69") meant nothing to them, and was all the Problems panel said (QA); it stays
 * available as the technical detail a developer needs.
 */
import { HOME_SLUG, isTemplateSlug } from '../../engine/slug';
import { entryNounOf } from './entries';
import { shownAddress } from './link-targets';
import { isSettingsFile } from './site-settings';

/** The file as the editor names what it holds: "Page /about/", "Post “hello”", "Site settings"; else its path. */
export function unreadableName(file: string): string {
  const page = /^pages\/(.+)\.json$/.exec(file);
  if (page) return page[1] === HOME_SLUG ? 'Home page' : isTemplateSlug(page[1]!) ? `The template of ${shownAddress(page[1]!)}` : `Page /${page[1]}/`;
  const entry = /^collections\/([^/]+)\/([^/]+)\.json$/.exec(file);
  if (entry) return `${capitalised(entryNounOf(entry[1]!))} “${entry[2]}”`;
  if (isSettingsFile(file)) return 'Site settings';
  const shared = /^shared\/(.+)\.json$/.exec(file);
  if (shared) return `Shared section “${shared[1]}”`;
  return file;
}

/** What it means for the editor, and who fixes it, in one plain sentence. */
export function unreadableSentence(file: string): string {
  return file.startsWith('src/')
    ? 'This part of the site’s code does not load, so what it adds cannot be used. A developer must fix it.'
    : 'This file cannot be read, so it cannot be opened or changed here. A developer must fix it.';
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
