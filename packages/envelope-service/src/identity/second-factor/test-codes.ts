import { Secret, TOTP } from 'otpauth'
import { STEP_MS } from './codes.js'

/**
 * The code an authenticator app shows for `secret` at `now`, made as the apps make it (SHA-1, 6 digits,
 * 30-second steps) rather than by the service's own check, for tests to type.
 */
export const codeAt = (secret: string, now: number): string =>
  new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: STEP_MS / 1000,
  }).generate({
    timestamp: now,
  })
