/**
 * A key an object of a JSON text has twice. JSON.parse keeps the last and drops the first without
 * a word, and other readers of the same text (a proxy, a log, another parser) may keep the first:
 * what was meant cannot be known, so such a text is refused, naming the key and where it is. Read
 * with jsonc-parser, a real JSON parser whose visitor sees every key as written.
 */
import { visit } from 'jsonc-parser';
import { pointerFromPath } from './pointer';

/** The first key an object in `text` (valid JSON) repeats, with the JSON pointer of that object; undefined when none does. */
export function repeatedKey(text: string): { key: string; pointer: string } | undefined {
  const open: Set<string>[] = [];
  let found: { key: string; pointer: string } | undefined;
  visit(
    text,
    {
      onObjectBegin: () => {
        open.push(new Set());
      },
      onObjectEnd: () => {
        open.pop();
      },
      onObjectProperty: (key, _offset, _length, _line, _column, pathSupplier) => {
        const keys = open.at(-1)!;
        if (keys.has(key)) found ??= { key, pointer: pointerFromPath(pathSupplier()) };
        keys.add(key);
      },
    },
    { disallowComments: true, allowTrailingComma: false },
  );
  return found;
}

/** Why a text with a repeated key is refused, in words. */
export const repeatedKeyReason = ({ key, pointer }: { key: string; pointer: string }) =>
  `has the key ${JSON.stringify(key.length > 60 ? `${key.slice(0, 60)}…` : key)} twice in one object (at ${pointer || '/'}): which of its values is meant cannot be known`;
