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

/**
 * How well `name` answers `query`, best first: the name itself (0), a name that starts with it (1),
 * every word in the name (2), or only elsewhere, say in a description (3). Typing "quote" and
 * Enter then adds the Quote, not a type whose description mentions quotes.
 */
export function nameRank(query: string, name: string): number {
  const [typed, named] = [fold(query).trim(), fold(name)];
  if (typed === '' || named === typed) return 0;
  if (named.startsWith(typed)) return 1;
  return typed.split(/[\s/]+/).every((word) => named.includes(word)) ? 2 : 3;
}

/** The rows that match `query`, those whose name answers it best first, otherwise in their order. */
export function searchRowsByName<Row>(rows: readonly Row[], query: string, nameOf: (row: Row) => string, fieldsOf: (row: Row) => readonly string[]): readonly Row[] {
  const ranked = searchRows(rows, query, (row) => [nameOf(row), ...fieldsOf(row)]).map((row) => ({ row, rank: nameRank(query, nameOf(row)) }));
  return ranked.sort((a, b) => a.rank - b.rank).map(({ row }) => row);
}

/**
 * The section types the **Add section** search finds: by name first, then by their description and
 * the keywords their registry declaration gives ("media", "photo"), which neither name nor line says.
 */
export function searchSectionTypes<Type extends { label: string; description: string; keywords: readonly string[] }>(types: readonly Type[], query: string): readonly Type[] {
  return searchRowsByName(types, query, (type) => type.label, (type) => [type.description, ...type.keywords]);
}
