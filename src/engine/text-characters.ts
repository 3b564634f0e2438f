/**
 * Characters text content may not hold: those XML 1.0 forbids (the C0 controls other than tab,
 * line feed and carriage return, U+FFFE and U+FFFF) and lone UTF-16 surrogates, which no
 * encoding can write. One of them in a post's title made the whole RSS feed malformed, so feed
 * readers dropped it for every subscriber; HTML parsers take them as errors too. They arrive
 * pasted from word processors (a vertical tab for a line break) rather than typed.
 */
import { pointerFromPath } from './pointer';

const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const FORBIDDEN_ALL = new RegExp(FORBIDDEN.source, 'g');

const codePoint = (character: string) => `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** Why `text` cannot be content, naming the first character at fault; undefined when it can. */
export function forbiddenCharacterProblem(text: string): string | undefined {
  const found = FORBIDDEN.exec(text);
  if (found) return `contains an invisible control character (${codePoint(found[0])}) that web pages and feeds cannot carry, perhaps pasted from another program: remove it`;
  if (!text.isWellFormed()) return 'contains half of a character pair (a lone UTF-16 surrogate) that no page can show: retype the text around it';
  return undefined;
}

/** `text` without those characters: for what is written from content already stored (a feed). */
export const withoutForbiddenCharacters = (text: string) => text.replace(FORBIDDEN_ALL, '').toWellFormed();

/** Every string in a JSON value that holds such a character, by JSON pointer. */
export function forbiddenCharacterIssues(value: unknown, path: (string | number)[] = []): { path: string; message: string }[] {
  if (typeof value === 'string') {
    const message = forbiddenCharacterProblem(value);
    return message ? [{ path: pointerFromPath(path), message }] : [];
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => forbiddenCharacterIssues(item, [...path, index]));
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([key, item]) => forbiddenCharacterIssues(item, [...path, key]));
  return [];
}
