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
