/**
 * Whether `text` has the shape of an email address: something, `@`, something, no spaces. Deliberately
 * loose, as DocuSign is: whether the address receives mail is the mail server's answer, not a pattern's.
 */
export function looksLikeEmailAddress(text: string): boolean {
  return /^[^\s@]+@[^\s@]+$/.test(text)
}
