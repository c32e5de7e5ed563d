import { APP_CLIENT_ID, CALLBACK_PATH, SIGNED_IN_COOKIE } from './client-id.js'
import { cookieValue } from './cookies.js'

/**
 * How the app signs in: DocuSign's Authorization Code Grant with PKCE, as a public client.
 *
 * The access token lives only in this module's memory, never in storage a script could read later; the
 * refresh token is an HttpOnly, SameSite=Strict cookie scoped to /oauth that no script sees. Every
 * /oauth call carries `X-Inkwell-App: 1`, a header a cross-site form cannot send, so another site cannot
 * make the browser refresh or sign out. On load the app first tries the cookie, when the script-readable
 * marker set beside it says there is one; otherwise it starts the code flow. Only the PKCE verifier and
 * state wait in sessionStorage, for the one round trip.
 */

const APP_HEADER = { 'X-Inkwell-App': '1' }
const PENDING = 'inkwell.signin'

interface Pending {
  state: string
  verifier: string
  /** Where the person was going when the sign-in started. */
  returnTo: string
}

let accessToken: string | undefined
let refreshTimer: ReturnType<typeof setTimeout> | undefined

export const currentToken = () => accessToken

function base64Url(bytes: Uint8Array): string {
  let text = ''
  for (const byte of bytes) text += String.fromCharCode(byte)
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

const randomText = () => base64Url(crypto.getRandomValues(new Uint8Array(32)))

async function challengeOf(verifier: string): Promise<string> {
  return base64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))))
}

const redirectUri = () => `${location.origin}${CALLBACK_PATH}`

async function tokenRequest(form: Record<string, string>): Promise<boolean> {
  const response = await fetch('/oauth/token', {
    method: 'POST',
    headers: { ...APP_HEADER, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
    credentials: 'same-origin',
  })
  if (!response.ok) return false
  const body = (await response.json()) as { access_token: string; expires_in: number }
  accessToken = body.access_token
  clearTimeout(refreshTimer)
  // A minute early, so a request never leaves with a token about to expire.
  refreshTimer = setTimeout(() => void refresh(), Math.max(10, body.expires_in - 60) * 1000)
  return true
}

/** A new access token from the session cookie; false when there is no valid session. */
export async function refresh(): Promise<boolean> {
  if (cookieValue(document.cookie, SIGNED_IN_COOKIE) !== '1') return false
  try {
    const refreshed = await tokenRequest({ grant_type: 'refresh_token', client_id: APP_CLIENT_ID })
    // Refused: the session expired or was revoked, so the next load goes straight to sign-in.
    if (!refreshed) {
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the app serves.
      document.cookie = `${SIGNED_IN_COOKIE}=; Path=/app; Max-Age=0`
    }
    return refreshed
  } catch {
    return false
  }
}

/** Leaves for the sign-in page; the browser comes back to /app/callback. */
export async function startSignIn(returnTo = location.pathname + location.search): Promise<never> {
  const pending: Pending = { state: randomText(), verifier: randomText(), returnTo }
  sessionStorage.setItem(PENDING, JSON.stringify(pending))
  const query = new URLSearchParams({
    response_type: 'code',
    scope: 'signature',
    client_id: APP_CLIENT_ID,
    redirect_uri: redirectUri(),
    state: pending.state,
    code_challenge: await challengeOf(pending.verifier),
    code_challenge_method: 'S256',
  })
  location.assign(`/oauth/auth?${query}`)
  return new Promise<never>(() => {})
}

/**
 * On /app/callback: trades the code for a token, if the state is the one this tab sent. Returns where
 * to go next, or undefined when the callback is not valid (a stale or forged link).
 */
export async function completeSignIn(search: string): Promise<string | undefined> {
  const params = new URLSearchParams(search)
  const pending = JSON.parse(sessionStorage.getItem(PENDING) ?? 'null') as Pending | null
  sessionStorage.removeItem(PENDING)
  const code = params.get('code')
  if (!pending || !code || params.get('state') !== pending.state) return undefined
  const ok = await tokenRequest({
    grant_type: 'authorization_code',
    code,
    client_id: APP_CLIENT_ID,
    redirect_uri: redirectUri(),
    code_verifier: pending.verifier,
  }).catch(() => false)
  return ok ? pending.returnTo : undefined
}

export const isCallback = (pathname: string) => pathname === CALLBACK_PATH

export async function signOut(): Promise<void> {
  clearTimeout(refreshTimer)
  accessToken = undefined
  await fetch('/oauth/logout', { method: 'POST', headers: APP_HEADER, credentials: 'same-origin' }).catch(
    () => undefined,
  )
}
