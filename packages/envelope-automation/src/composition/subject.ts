import { truncateText } from 'esign-contract'

/**
 * Subject and body composition rule 1: `<service name>: <subject text>`, the whole cut to 100 characters
 * (the envelope's emailSubject limit). Characters are what the contract counts (code points, the same
 * count as the service's limit), and the cut falls between grapheme clusters: `truncateText` from
 * `esign-contract`, the one truncation of the project. Line breaks and other control characters become
 * spaces: a subject is one header line.
 */
export const SERVICE_NAME = 'Inkwell'
export const MAX_SUBJECT_LENGTH = 100

export function composeSubject(subjectText: string): string {
  const text = subjectText.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim()
  return truncateText(`${SERVICE_NAME}: ${text}`, MAX_SUBJECT_LENGTH)
}
