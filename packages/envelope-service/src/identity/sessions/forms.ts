import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { MESSAGES, pickLocale } from '../pages/messages.js'
import { pagePolicy } from '../pages/page.js'
import { CSRF_COOKIE, readCookie, setCookie } from './cookie.js'

const CSRF_LIFETIME_SECONDS = 1800

/** The page's language (Accept-Language) and its texts. */
export function pageMessages(request: FastifyRequest) {
  const locale = pickLocale(request.headers['accept-language'])
  return { locale, t: MESSAGES[locale] }
}

/** Sends one of the server-rendered pages with its policy (see `pagePolicy`). */
export function sendPage(reply: FastifyReply, status: number, body: string, redirectOrigin?: string) {
  reply.header('content-security-policy', pagePolicy(redirectOrigin)).header('x-frame-options', 'DENY')
  reply.header('referrer-policy', 'no-referrer')
  return reply.code(status).type('text/html; charset=utf-8').send(body)
}

/**
 * The CSRF token of a form (double submit): the `inkwell_csrf` cookie, which only this origin's pages
 * can read back into a form field; set when the browser has none yet.
 */
export function formCsrf(request: FastifyRequest, reply: FastifyReply): string {
  const existing = readCookie(request, CSRF_COOKIE)
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing
  const token = randomBytes(32).toString('base64url')
  setCookie(request, reply, CSRF_COOKIE, token, CSRF_LIFETIME_SECONDS)
  return token
}

export function formCsrfValid(request: FastifyRequest, submitted: string | undefined): boolean {
  const cookie = readCookie(request, CSRF_COOKIE)
  if (!cookie || !submitted || cookie.length !== submitted.length) return false
  return timingSafeEqual(Buffer.from(cookie), Buffer.from(submitted))
}
