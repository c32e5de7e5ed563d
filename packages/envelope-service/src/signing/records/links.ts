import { createHash, randomBytes } from 'node:crypto'

/**
 * Signing link tokens: 32 random bytes (256 bits) in base64url. Only their SHA-256 is stored, so a
 * database read does not yield working links.
 */
export function newSigningToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, tokenHash: hashSigningToken(token) }
}

export function hashSigningToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** The page URL of a token: in the fragment, so it never reaches a server log or a Referer header. */
export function signingUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/signing/#${token}`
}

/** DocuSign's recipient view URLs are valid for five minutes and usable once. */
export const RECIPIENT_VIEW_TTL_MS = 5 * 60_000

export type SigningLinkKind = 'invitation' | 'recipient_view'
