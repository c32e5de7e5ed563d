/**
 * A text tab's entry against the sender's rules (DocuSign's `validationPattern` and `maxLength`): one pure
 * check, used by the signing page as the recipient types (it shows the tab's `validationMessage`) and by the
 * service when the recipient finishes (it refuses what the page would not have sent).
 *
 * - An empty entry breaks no rule here: whether it may be empty is the tab's `required`.
 * - The pattern is a JavaScript regular expression tested as written (`RegExp.test`), so `^[0-9]{5}$`
 *   takes five digits and nothing else, and an unanchored pattern matches anywhere in the entry, as in
 *   DocuSign's own signing page. Templates and envelopes refuse a pattern that does not compile
 *   (read-tabs.ts); one stored before that constrains nothing, as the recipient could never satisfy it.
 * - The length counts code points, so an emoji counts once.
 */

export interface TextRules {
  validationPattern?: string | undefined
  maxLength?: number | undefined
}

export type TextProblem = { kind: 'pattern'; pattern: string } | { kind: 'maxLength'; maxLength: number }

/** The pattern as a regular expression, or undefined when there is none or it does not compile. */
export function compiledPattern(pattern: string | undefined): RegExp | undefined {
  if (!pattern) return undefined
  try {
    return new RegExp(pattern)
  } catch {
    return undefined
  }
}

/** The first rule the entry breaks (its length before its pattern), or undefined. */
export function textProblem(rules: TextRules, value: string): TextProblem | undefined {
  if (value === '') return undefined
  if (rules.maxLength !== undefined && [...value].length > rules.maxLength) {
    return { kind: 'maxLength', maxLength: rules.maxLength }
  }
  const pattern = compiledPattern(rules.validationPattern)
  if (pattern && !pattern.test(value)) return { kind: 'pattern', pattern: rules.validationPattern as string }
  return undefined
}

/** A tab's `maxLength` as DocuSign sends it (a string of a positive whole number); undefined otherwise. */
export function maxLengthOf(value: unknown): number | undefined {
  const parsed = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN
  return Number.isSafeInteger(parsed) && parsed > 0 ? parsed : undefined
}
