import { createHash, randomInt } from 'node:crypto'
import { Secret, TOTP } from 'otpauth'

/**
 * Two-step sign-in's codes, pure: RFC 6238 time-based codes as every authenticator app makes them
 * (SHA-1, 6 digits, 30-second steps; the only settings Google Authenticator honours), and recovery
 * codes for a lost phone. A code is accepted for its own step and the one before and after (a phone's
 * clock a little off, a code typed as it turned over), and only for a step later than the last one
 * accepted, so a code seen over a shoulder or replayed from a log is worth nothing.
 */

export const STEP_MS = 30_000
const DIGITS = 6
/** Steps either side of now whose code is taken. */
const WINDOW = 1
export const RECOVERY_CODE_COUNT = 10
/** Recovery codes' letters: no 0/O or 1/I/L to misread. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'

const totpOf = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: DIGITS, period: STEP_MS / 1000 })

/** A new secret: 160 random bits (RFC 4226's recommended length), in base32 as apps take it. */
export const newSecret = (): string => new Secret({ size: 20 }).base32

/** The `otpauth://` address an authenticator app reads from the QR code: the issuer and the user's email. */
export function otpauthUri(secret: string, issuer: string, email: string): string {
  const totp = new TOTP({
    issuer,
    label: email,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: DIGITS,
    period: STEP_MS / 1000,
  })
  return totp.toString()
}

/** The step (30-second counter) at `now`. */
export const stepAt = (now: number) => Math.floor(now / STEP_MS)

/**
 * The step whose code `code` is, if it is one of the accepted steps around `now` and later than
 * `lastStep`; undefined otherwise. Spaces and dashes in what was typed are ignored.
 */
export function acceptedStep(
  secret: string,
  code: string,
  now: number,
  lastStep: number | null,
): number | undefined {
  const digits = code.replace(/[\s-]/g, '')
  if (!/^\d{6}$/.test(digits)) return undefined
  const delta = totpOf(secret).validate({ token: digits, timestamp: now, window: WINDOW })
  if (delta === null) return undefined
  const step = stepAt(now) + delta
  return lastStep !== null && step <= lastStep ? undefined : step
}

/** Ten recovery codes, each 10 letters and digits shown as `XXXXX-XXXXX` (about 49 bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const letters = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)])
    return `${letters.slice(0, 5).join('')}-${letters.slice(5).join('')}`
  })
}

/**
 * What is stored of a recovery code: SHA-256 of its letters, upper case, without spaces or dashes, so
 * it may be typed in either case and grouped as the person likes. The codes are random enough that a
 * slow hash would add nothing.
 */
export function recoveryCodeHash(code: string): string | undefined {
  const letters = code.replace(/[\s-]/g, '').toUpperCase()
  if (!/^[A-Z0-9]{10}$/.test(letters)) return undefined
  return createHash('sha256').update(letters).digest('hex')
}
