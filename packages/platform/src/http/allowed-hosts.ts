import type { FastifyInstance } from 'fastify'
import { ForbiddenError } from '../errors.js'

/**
 * A Host allow-list, the defence against DNS rebinding: a page on another site whose name was made to
 * resolve to 127.0.0.1 reaches a local service with its own name in `Host`, so answering only the names
 * the service is known by keeps such a page from reading it. Entries are `name` (any port) or
 * `name:port`, names without regard to case, IPv6 addresses in brackets (`[::1]:8080`).
 */
export type AllowedHosts = ReadonlySet<string>

/** The loopback names a browser on this machine uses, at each port. */
export const loopbackHosts = (ports: readonly number[]): string[] =>
  ports.flatMap((port) => [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`])

/** A comma-separated list (e.g. `MAILBOX_ALLOWED_HOSTS`) as a set of lower-case entries. */
export function parseAllowedHosts(list: string): AllowedHosts {
  return new Set(
    list
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter((entry) => entry !== ''),
  )
}

/** `host` of a URL as an entry (`name:port`, the port the scheme implies when none is written). */
export function hostOfUrl(url: string): string {
  const parsed = new URL(url)
  const port = parsed.port || (parsed.protocol === 'https:' ? '443' : '80')
  return `${parsed.hostname.toLowerCase()}:${port}`
}

/** Whether a request's Host header names an allowed host; a missing one never does. */
export function isAllowedHost(allowed: AllowedHosts, host: string | undefined): boolean {
  if (host === undefined || host === '') return false
  const value = host.toLowerCase()
  if (allowed.has(value)) return true
  // Without a port the client means the scheme's default one; entries without a port allow any port.
  const portAt = value.lastIndexOf(':')
  const hasPort = portAt > value.lastIndexOf(']')
  const name = hasPort ? value.slice(0, portAt) : value
  return allowed.has(name)
}

/** Refuses, with 403, requests to this scope whose Host is not in `allowed`. */
export function requireAllowedHost(app: FastifyInstance, allowed: AllowedHosts): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (isAllowedHost(allowed, request.headers.host)) return done()
    done(new ForbiddenError('This page is not served under that host name'))
  })
}
