/**
 * The app's integration key: the first-party public client the service seeds for it (PKCE, no secret,
 * no consent page, redirect URI `<origin>/app/callback`). The same GUID on every installation, so the
 * app is built once.
 */
export const APP_CLIENT_ID = '6f1c2a8e-4b7d-4e39-9a51-0c3d8e2f7b64'

export const CALLBACK_PATH = '/app/callback'
