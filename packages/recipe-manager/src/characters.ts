/**
 * Character rules shared by the service and the web app (no Node or server imports here).
 * C0 control characters other than tab, line feed and carriage return never belong in recipe text:
 * PostgreSQL rejects NUL outright, and U+001F separates fields in the search text.
 */
const TAB = 0x09
const LINE_FEED = 0x0a
const CARRIAGE_RETURN = 0x0d

export function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code < 0x20 && code !== TAB && code !== LINE_FEED && code !== CARRIAGE_RETURN) return true
  }
  return false
}

/** Length in Unicode code points, the unit JSON Schema's minLength and maxLength count too. */
export function codePointLength(text: string): number {
  let length = 0
  for (const _ of text) length++
  return length
}
