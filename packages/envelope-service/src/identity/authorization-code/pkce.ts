import { hash, timingSafeEqual } from 'node:crypto'

/** RFC 7636: a verifier is 43-128 characters of [A-Z a-z 0-9 - . _ ~]. */
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/
/** An S256 challenge is the base64url SHA-256 of a verifier: 43 characters. */
const CHALLENGE = /^[A-Za-z0-9\-_]{43}$/

export const isWellFormedChallenge = (challenge: string) => CHALLENGE.test(challenge)

export const s256 = (verifier: string) => hash('sha256', verifier, 'base64url')

/** True when the verifier is well formed and its S256 transform is the challenge. Only S256 exists here. */
export function verifierMatches(challenge: string, verifier: string): boolean {
  if (!VERIFIER.test(verifier)) return false
  const actual = Buffer.from(s256(verifier))
  const expected = Buffer.from(challenge)
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}
