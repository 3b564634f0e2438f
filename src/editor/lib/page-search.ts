/**
 * The sidebar's search: a row matches when every word typed appears in its
 * title or its slug, ignoring case and accents ("getting st" finds "Getting
 * started", "café" finds "Cafe").
 */
const fold = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

export function matchesQuery(query: string, ...fields: readonly string[]): boolean {
  const words = fold(query).split(/[\s/]+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fold(fields.join(' '));
  return words.every((word) => haystack.includes(word));
}

/** The rows that match `query`, in their order; all of them for an empty query. */
export function searchRows<Row>(rows: readonly Row[], query: string, fieldsOf: (row: Row) => readonly string[]): readonly Row[] {
  return query.trim() ? rows.filter((row) => matchesQuery(query, ...fieldsOf(row))) : rows;
}
