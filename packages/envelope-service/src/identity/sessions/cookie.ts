import type { FastifyReply, FastifyRequest } from 'fastify'
import { INKWELL_APP_SIGNED_IN_COOKIE } from '../first-party.js'

/**
 * The first-party app's sign-in lives in this cookie: its refresh token, `HttpOnly` (no script, hence no
 * XSS, can read it), `SameSite=Strict` and `Path=/oauth` (sent only to the token and sign-out endpoints,
 * and never by another site's request), `Secure` over HTTPS.
 */
export const SESSION_COOKIE = 'inkwell_session'
/** Double-submit token of the sign-in and consent forms. */
export const CSRF_COOKIE = 'inkwell_csrf'
export const COOKIE_PATH = '/oauth'
/**
 * The return URL of the embedded view just opened, for the web app under /app to read: the app goes
 * back only to a URL a view URL put here, so a link to `/app/...?returnUrl=` from another site cannot
 * turn the app's Save or Cancel into a redirect to it. Not a secret, so readable by the app's script.
 */
export const VIEW_RETURN_COOKIE = 'inkwell_view_return'
/** The header the first-party app sends with cookie requests: a cross-site form cannot set it. */
export const APP_HEADER = 'x-inkwell-app'

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const separator = part.indexOf('=')
    if (separator > 0 && part.slice(0, separator).trim() === name) {
      const value = part.slice(separator + 1).trim()
      return value === '' ? undefined : value
    }
  }
  return undefined
}

export function setCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  value: string,
  maxAgeSeconds: number,
  scope: { path: string; readableByScripts: boolean } = { path: COOKIE_PATH, readableByScripts: false },
): void {
  const attributes = [
    `${name}=${value}`,
    `Path=${scope.path}`,
    `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`,
    ...(scope.readableByScripts ? ['SameSite=Lax'] : ['HttpOnly', 'SameSite=Strict']),
  ]
  if (request.protocol === 'https') attributes.push('Secure')
  // Fastify appends to a set-cookie header already set (giving the earlier ones again would repeat them).
  reply.header('set-cookie', attributes.join('; '))
}

const clearCookie = (request: FastifyRequest, reply: FastifyReply, name: string) =>
  setCookie(request, reply, name, '', 0)

const MARKER_SCOPE = { path: '/app', readableByScripts: true }

/**
 * Signs the app's browser in: the refresh token's cookie, and beside it a marker holding only `1` that the
 * app's script reads, so that a first visit goes straight to sign-in instead of asking for a refresh the
 * service must refuse (a 400 the browser logs as an error). The marker grants nothing; the app clears it
 * when a refresh is refused (a session expired or revoked).
 */
export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  refreshToken: string,
  maxAgeSeconds: number,
): void {
  setCookie(request, reply, SESSION_COOKIE, refreshToken, maxAgeSeconds)
  setCookie(request, reply, INKWELL_APP_SIGNED_IN_COOKIE, '1', maxAgeSeconds, MARKER_SCOPE)
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply): void {
  clearCookie(request, reply, SESSION_COOKIE)
  setCookie(request, reply, INKWELL_APP_SIGNED_IN_COOKIE, '', 0, MARKER_SCOPE)
}

/** The origin this request came to, e.g. `https://localhost:8443`. */
export const requestOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`

/**
 * True when the request comes from the first-party app's own page: it carries `X-Inkwell-App: 1` (which
 * a cross-site form cannot send, and a cross-origin fetch cannot send without a CORS preflight this
 * service never answers) and an `Origin` equal to the origin it came to.
 */
export function isFirstPartyAppRequest(request: FastifyRequest): boolean {
  return request.headers[APP_HEADER] === '1' && request.headers.origin === requestOrigin(request)
}
