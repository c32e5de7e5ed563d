/**
 * Lifetimes of the Authorization Code Grant, as DocuSign documents them: an access token lasts 8 hours, a
 * refresh token 30 days. Each refresh returns a new refresh token; without the `extended` scope it keeps
 * the expiry of the sign-in it descends from (the user signs in again after 30 days), with `extended` it
 * gets a full 30 days again, so an app used at least monthly never asks again.
 */
export const CODE_ACCESS_TOKEN_LIFETIME_SECONDS = 8 * 3600
export const REFRESH_TOKEN_LIFETIME_MS = 30 * 24 * 3600_000
/** Codes are exchanged by the client's back end within seconds; RFC 6749 advises at most 10 minutes. */
export const AUTHORIZATION_CODE_LIFETIME_MS = 3 * 60_000
/** Time to read the consent page. */
export const CONSENT_TICKET_LIFETIME_MS = 10 * 60_000
/** Time to open the authenticator app and type its code (or find a recovery code) after the password. */
export const SECOND_STEP_TICKET_LIFETIME_MS = 5 * 60_000
/** Time to install an authenticator app if need be, scan the code and type one (a required second step). */
export const SECOND_STEP_SETUP_TICKET_LIFETIME_MS = 15 * 60_000
/** Time to save the recovery codes shown after that set-up. */
export const RECOVERY_CODES_TICKET_LIFETIME_MS = 15 * 60_000

/** Expiry of the refresh token that replaces one expiring at `previousExpiry`. */
export function rotatedRefreshExpiry(scopes: readonly string[], previousExpiry: number, now: number): number {
  return scopes.includes('extended') ? now + REFRESH_TOKEN_LIFETIME_MS : previousExpiry
}
