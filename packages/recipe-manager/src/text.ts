import { InvalidRequestError } from 'platform'
import { codePointLength, hasControlCharacter } from './characters.js'

/**
 * The trimmed text of a required field, rejecting it when blank, too long or holding control characters.
 * `field` names it in the error message, e.g. `ingredients[2]`.
 */
export function requiredText(field: string, value: string, maxLength: number): string {
  const text = value.trim()
  if (text === '') throw new InvalidRequestError(`${field} must not be empty`)
  return checkedText(field, text, maxLength)
}

function checkedText(field: string, text: string, maxLength: number): string {
  if (codePointLength(text) > maxLength) {
    throw new InvalidRequestError(`${field} must be at most ${maxLength} characters`)
  }
  if (hasControlCharacter(text)) throw new InvalidRequestError(`${field} must not contain control characters`)
  return text
}
