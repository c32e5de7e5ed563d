/**
 * Subject and body composition rule 1: `<service name>: <subject text>`, the whole cut to 100 characters
 * (the envelope's emailSubject limit). The cut never leaves half of a surrogate pair, which would be an
 * invalid string in the invitation email. Line breaks and other control characters become spaces: a subject
 * is one header line.
 */
export const SERVICE_NAME = 'Inkwell'
export const MAX_SUBJECT_LENGTH = 100

export function composeSubject(subjectText: string): string {
  const text = subjectText.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim()
  return truncateToCodeUnits(`${SERVICE_NAME}: ${text}`, MAX_SUBJECT_LENGTH)
}

/** At most `limit` UTF-16 code units, dropping a high surrogate whose pair would not fit. */
export function truncateToCodeUnits(value: string, limit: number): string {
  if (value.length <= limit) return value
  const last = value.charCodeAt(limit - 1)
  const cutsPair = last >= 0xd800 && last <= 0xdbff
  return value.slice(0, cutsPair ? limit - 1 : limit)
}
