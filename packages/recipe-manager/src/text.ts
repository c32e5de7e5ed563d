import { InvalidRequestError } from 'platform'

// C0 control characters other than tab, line feed and carriage return never belong in recipe text:
// PostgreSQL rejects NUL outright, and U+001F separates fields in the search text.
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

/**
 * The trimmed text of a required field, rejecting it when blank, too long or holding control characters.
 * `field` names it in the error message, e.g. `ingredients[2]`.
 */
export function requiredText(field: string, value: string, maxLength: number): string {
  const text = value.trim()
  if (text === '') throw new InvalidRequestError(`${field} must not be empty`)
  return checkedText(field, text, maxLength)
}

/** Like requiredText, but a blank value means the field is absent. */
export function optionalText(
  field: string,
  value: string | undefined,
  maxLength: number,
): string | undefined {
  const text = value?.trim()
  if (text === undefined || text === '') return undefined
  return checkedText(field, text, maxLength)
}

function checkedText(field: string, text: string, maxLength: number): string {
  if (codePointLength(text) > maxLength) {
    throw new InvalidRequestError(`${field} must be at most ${maxLength} characters`)
  }
  if (hasControlCharacter(text)) throw new InvalidRequestError(`${field} must not contain control characters`)
  return text
}
