/**
 * The integration key of the sender's web app served by this service at `/app`: a public client (PKCE,
 * no secret), never shown a consent page, whose redirect URI is `/app/callback` on whichever origin the
 * request came to. Seeded by migration 0018; the same GUID on every installation so the app can be built
 * once.
 */
export const INKWELL_APP_CLIENT_ID = '6f1c2a8e-4b7d-4e39-9a51-0c3d8e2f7b64'
export const INKWELL_APP_NAME = 'Inkwell web app'
export const INKWELL_APP_CALLBACK_PATH = '/app/callback'
/**
 * A script-readable cookie (`1`, path /app) set and cleared with the app's HttpOnly session cookie
 * (sessions/cookie.ts): the app tries a refresh only when it is there.
 */
export const INKWELL_APP_SIGNED_IN_COOKIE = 'inkwell_signed_in'
