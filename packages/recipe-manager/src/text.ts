import { InvalidRequestError } from 'platform'
import { codePointLength, hasControlCharacter } from './characters.js'
import { coded } from './errors.js'
import type { Problem } from './problem.js'

const invalid = (message: string, problem: Problem) =>
  new InvalidRequestError(message, coded('invalid', [problem]))

/**
 * The trimmed text of a required field, rejecting it when blank, too long or holding control characters.
 * `field` names it in the error message, e.g. `ingredients[2]`.
 */
export function requiredText(field: string, value: string, maxLength: number): string {
  const text = value.trim()
  if (text === '') throw invalid(`${field} must not be empty`, { field, rule: 'empty' })
  return checkedText(field, text, maxLength)
}

function checkedText(field: string, text: string, maxLength: number): string {
  if (codePointLength(text) > maxLength) {
    throw invalid(`${field} must be at most ${maxLength} characters`, {
      field,
      rule: 'tooLong',
      limit: maxLength,
    })
  }
  if (hasControlCharacter(text))
    throw invalid(`${field} must not contain control characters`, { field, rule: 'control' })
  return text
}
