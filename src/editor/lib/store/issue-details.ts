/**
 * Notice lines for problems: a human place ("Page “About” › Hero › Title")
 * and the message, with the location of the field so the line is a link to it.
 */
import { parsePointer } from '../../../engine/pointer';
import { docName } from '../content-ops';
import type { Docs } from '../model';
import { problemLocation } from '../problems';
import { entryFieldLabel, fieldLocationLabel } from './labels';
import type { NoticeDetail } from './state';

const asPath = (tokens: readonly string[]) => tokens.map((token) => (/^\d+$/.test(token) ? Number(token) : token));

function pointerTokens(pointer: string): string[] {
  try {
    return parsePointer(pointer);
  } catch {
    return [];
  }
}

/** A problem at the dotted `key` (the editor's issue keys) of `file`. */
export function detailAtKey(docs: Docs, file: string, key: string, message: string): NoticeDetail {
  const tokens = key === '' ? [] : key.split('.');
  const pointer = tokens.map((token) => `/${token.replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
  return detailAtPointer(docs, file, pointer, message);
}

/**
 * Where the JSON pointer `pointer` is in `file`, in the form's words ("Hero › Title"), or '' for the
 * file itself. An entry's is its field alone ("Title"): the entry is named before it, as "Post “Hello”".
 */
export function pointerLabel(docs: Docs, file: string, pointer: string): string {
  const tokens = pointerTokens(pointer);
  if (!tokens.length) return '';
  const doc = docs[file];
  return doc?.kind === 'entry' ? entryFieldLabel(doc, asPath(tokens)) || pointer : fieldLocationLabel(docs, file, asPath(tokens));
}

/** A problem at the JSON pointer `pointer` of `file` (the server's issues). */
export function detailAtPointer(docs: Docs, file: string, pointer: string, message: string): NoticeDetail {
  const label = pointerLabel(docs, file, pointer);
  const where = label ? `${docName(docs, file)} › ${label}` : docName(docs, file);
  const location = problemLocation(docs, file, pointer);
  return { text: `${where}: ${message}`, ...(location && { location }) };
}
