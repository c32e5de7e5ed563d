import { timingSafeEqual } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { type App, AppError, ForbiddenError } from 'platform'
import type { UsersDb } from '../users/repository.js'
import { type Session, sessionOf } from '../users/service.js'

/**
 * Who may reach the console. Three checks, in this order:
 *
 * 1. Host (every request, the Connect listener included): only the names the console is configured to be
 *    reached by. A DNS-rebinding page resolves its own name to 127.0.0.1; its requests still carry its
 *    name in Host, and are refused.
 * 2. Origin (state-changing requests): a browser names the page that sent the request; a page of another
 *    site is refused even if the user is signed in. Clients that send no Origin (curl, Connect) pass to 3.
 * 3. Session (the JSON API, apart from signing in): the session cookie (HttpOnly, SameSite=Strict), and on
 *    state-changing requests the session's CSRF token in `X-CSRF-Token`, which only the console's own page
 *    can read (from `GET /api/session`).
 */

export const SESSION_COOKIE = 'console_session'
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]']

declare module 'fastify' {
  interface FastifyRequest {
    consoleSession: Session | undefined
  }
}

/** The configured Host values, or the loopback names with the port the console listens on. */
export function allowedHosts(
  app: App,
  configured: string | undefined,
  configuredPort: number,
): () => Set<string> {
  if (configured?.trim()) {
    const hosts = new Set(configured.split(',').map(normalizeHost).filter(Boolean))
    return () => hosts
  }
  return () => {
    const port = (app.server.address() as AddressInfo | null)?.port ?? configuredPort
    return new Set(LOOPBACK_NAMES.map((name) => normalizeHost(`${name}:${port}`)))
  }
}

/** Lower case, without a default port: `Localhost:80` and an origin's `localhost` are the same host. */
function normalizeHost(host: string): string {
  return host
    .trim()
    .toLowerCase()
    .replace(/:(80|443)$/, '')
}

export function installHostAndOriginChecks(app: App, hosts: () => Set<string>) {
  app.addHook('onRequest', (request, _reply, done) => {
    const host = normalizeHost(request.headers.host ?? '')
    const allowed = hosts()
    if (!allowed.has(host)) {
      return done(
        new ForbiddenError('This console is not served under that host name.', {
          errorCode: 'host_not_allowed',
        }),
      )
    }
    if (!SAFE_METHODS.has(request.method) && !isSameOrigin(request, allowed)) {
      return done(
        new ForbiddenError('Requests from other sites are refused.', { errorCode: 'origin_not_allowed' }),
      )
    }
    done()
  })
}

function isSameOrigin(request: FastifyRequest, hosts: Set<string>): boolean {
  const origin = request.headers.origin
  if (origin === undefined) return request.headers['sec-fetch-site'] !== 'cross-site'
  try {
    const url = new URL(origin)
    return (url.protocol === 'http:' || url.protocol === 'https:') && hosts.has(normalizeHost(url.host))
  } catch {
    return false
  }
}

export class SignInRequiredError extends AppError {
  constructor() {
    super('unauthorized', 'Sign in to use the console.', { errorCode: 'sign_in_required' })
  }
}

/** Reads the session cookie into `request.consoleSession` (undefined when signed out). */
export function installSessionReader(app: App, db: UsersDb, now: () => number) {
  app.decorateRequest('consoleSession', undefined)
  app.addHook('preHandler', async (request) => {
    const token = request.cookies[SESSION_COOKIE]
    request.consoleSession = token ? await sessionOf(db, token, now()) : undefined
  })
}

/** The session check for a scope of routes: signed in, and the CSRF token on state-changing requests. */
export function requireSession(scope: App) {
  scope.addHook('preHandler', async (request) => {
    const session = request.consoleSession
    if (!session) throw new SignInRequiredError()
    if (!SAFE_METHODS.has(request.method) && !sameToken(request.headers['x-csrf-token'], session.csrfToken)) {
      throw new ForbiddenError('The page is out of date: reload it and try again.', {
        errorCode: 'csrf_token_invalid',
      })
    }
  })
}

function sameToken(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  maxAgeSeconds: number,
) {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: '/',
    maxAge: maxAgeSeconds,
  })
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: '/',
  })
}
