/**
 * `search_text` of `GET /envelopes`: a case-insensitive substring of the subject or of a recipient's
 * name or email. The text becomes a LIKE pattern with `\` as the escape character, so `%`, `_` and `\`
 * typed by a person match themselves instead of acting as wildcards. Undefined for blank text (no filter).
 */
export function searchPatternOf(text: string | undefined): string | undefined {
  const trimmed = text?.trim().toLowerCase()
  if (!trimmed) return undefined
  return `%${trimmed.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
}

/** `search_text` as the list query matches it: the LIKE pattern, and what the search-text index needs. */
export interface SearchFilter {
  /** The LIKE pattern of `searchPatternOf`. */
  pattern: string
  /**
   * Whether the envelope's joined search text (one line per value, search-text/body.ts) can answer:
   * text with a line break could match across two values there, so it is matched value by value.
   */
  joinable: boolean
  /**
   * The text as an FTS5 phrase for SQLite's trigram index (migration 0034); undefined below three
   * characters, where a trigram index finds nothing and the search text is scanned instead.
   */
  trigramPhrase?: string
}

export function searchFilterOf(text: string | undefined): SearchFilter | undefined {
  const pattern = searchPatternOf(text)
  if (pattern === undefined) return undefined
  const lowered = (text as string).trim().toLowerCase()
  const joinable = !/[\r\n]/.test(lowered)
  return {
    pattern,
    joinable,
    ...([...lowered].length >= 3 ? { trigramPhrase: `"${lowered.replaceAll('"', '""')}"` } : {}),
  }
}
