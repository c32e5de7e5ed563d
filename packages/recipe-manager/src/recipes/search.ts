/**
 * Search semantics: a recipe matches a query when the folded text of its title, its description or one
 * of its ingredients contains the folded query. Folding is `fold` below: lower case, then accents off,
 * so `creme` finds "Crème" and `JALAPEÑO` finds "jalapeno". Both sides are folded here, in JavaScript,
 * so SQLite and PostgreSQL compare plain code points and agree exactly.
 */

/** U+001F never occurs in stored text (control characters are rejected), so no match spans two fields. */
export const FIELD_SEPARATOR = '\u001f'

export interface SearchableFields {
  title: string
  description?: string | undefined
  ingredients: readonly string[]
}

const NONSPACING_MARKS = /\p{Mn}/gu

/**
 * JavaScript's full Unicode lower case, then canonical decomposition with the nonspacing marks (accents,
 * tildes, cedillas, diaereses) removed. Letters that do not decompose (`ß`, `ø`, `æ`) stay as they are.
 */
export function fold(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(NONSPACING_MARKS, '')
}

/** Each field is folded on its own: case mapping is context-sensitive (Greek final sigma). */
export function searchTextOf(fields: SearchableFields): string {
  const parts = [fields.title, ...(fields.description === undefined ? [] : [fields.description])]
  return [...parts, ...fields.ingredients].map(fold).join(FIELD_SEPARATOR)
}

/** Trigram indexes only help queries of at least three code points. */
export function isTrigramQuery(normalized: string): boolean {
  let length = 0
  for (const _ of normalized) if (++length >= 3) return true
  return false
}

/** An FTS5 string literal: inside double quotes every character is literal; `"` is doubled. */
export function fts5Phrase(normalized: string): string {
  return `"${normalized.replaceAll('"', '""')}"`
}

/** A LIKE pattern matching the text anywhere, with `\`, `%` and `_` escaped (backslash is the escape). */
export function likeContains(normalized: string): string {
  return `%${normalized.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
}
