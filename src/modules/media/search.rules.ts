/*
 * Search over filename, alt text, caption and title (spec "Media"). Each record keeps `search_text`: those texts of
 * every locale folded to lower-case words (anything but letters and digits separates words, so `sunset_beach.jpg`
 * is `sunset beach jpg`), rebuilt whenever the filename or metadata change. The list matches it with PostgreSQL
 * full-text search ('simple' configuration: no stemming, no stop words) through a GIN index on
 * `to_tsvector('simple', search_text)`: every word of the query must begin a word of the record (prefix match).
 * No extension is needed (pg_trgm would give infix matches, but is not available on every PostgreSQL/PGlite).
 */

const words = (text: string): string[] =>
  text
    .toLowerCase()
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '')

export function searchText(filename: string, texts: ReadonlyArray<{ alt_text: string | null; caption: string | null; title: string | null }>): string {
  const all = [filename, ...texts.flatMap((t) => [t.alt_text ?? '', t.caption ?? '', t.title ?? ''])]
  return words(all.join(' ')).join(' ')
}

/** The tsquery of a search text (`w1:* & w2:*`), or undefined when it has no words (every record matches). */
export function searchQuery(search: string | undefined): string | undefined {
  const ws = words(search ?? '').slice(0, 20)
  return ws.length === 0 ? undefined : ws.map((w) => `${w}:*`).join(' & ')
}
