/**
 * The one text truncation of the contract. A "character" is what the API's length limits count: a
 * Unicode code point (the JSON Schema `maxLength` of the envelope's 100-character `emailSubject` counts
 * code points, so a truncated subject passes that limit exactly). The cut falls between grapheme
 * clusters, so an emoji with its modifiers, a flag or a letter with its combining accent is kept whole or
 * dropped whole, never split.
 */
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' })

/** The number of characters (code points) the contract counts in `text`. */
export function characterCount(text: string): number {
  let count = 0
  for (const _ of text) count++
  return count
}

/**
 * `text` cut to at most `limit` characters; when cut and `ellipsis` is given, it ends the result and
 * counts towards the limit.
 */
export function truncateText(text: string, limit: number, ellipsis = ''): string {
  if (characterCount(text) <= limit) return text
  const room = limit - characterCount(ellipsis)
  let kept = ''
  let used = 0
  for (const { segment } of graphemes.segment(text)) {
    const size = characterCount(segment)
    if (used + size > room) break
    kept += segment
    used += size
  }
  return room < 0 ? '' : `${kept}${ellipsis}`
}
