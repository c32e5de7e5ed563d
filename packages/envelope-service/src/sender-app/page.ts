import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import fastifyStatic from '@fastify/static'
import type { FastifyReply } from 'fastify'
import { type App, NotFoundError } from 'platform'

/** Where scripts/build.mjs (run by `npm start`, or `npm run build`) puts the sender's web app. */
export const SENDER_APP_DIR = fileURLToPath(new URL('../../dist/app', import.meta.url))

/**
 * What the app may load: its own scripts and styles, calls to this origin only (the REST API and
 * /oauth), documents shown in the page from blob URLs, no framing by other sites, no referrer.
 */
export const SENDER_APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "font-src 'self'",
  "img-src 'self' data: blob:",
  "frame-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ')

/** Vite puts every hashed bundle here: the name changes with the content, so it may be cached for good. */
const HASHED_ASSETS = '/app/assets/'

const SECURITY_HEADERS = {
  'content-security-policy': SENDER_APP_CSP,
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'SAMEORIGIN',
}

/**
 * Serves the built app under /app/. The app routes by path (`/app/envelopes/{id}`), so any other
 * /app/ path that is not a file gets index.html, which is never cached so a new build is seen at once.
 */
export async function senderApp(app: App, directory = SENDER_APP_DIR) {
  const indexFile = join(directory, 'index.html')
  if (!existsSync(indexFile)) {
    app.log.warn(
      { directory },
      "the sender's web app is not built; `npm start` builds it (or `npm run build`)",
    )
  }
  await app.register(fastifyStatic, {
    root: directory,
    prefix: '/app/',
    index: false,
    wildcard: false,
    decorateReply: false,
    // The cache policy is set below per file: forever for hashed bundles, revalidated for the rest.
    cacheControl: false,
    setHeaders(response, path) {
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.setHeader(name, value)
      response.setHeader(
        'cache-control',
        path.includes(`${join(directory, 'assets')}/`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      )
    },
  })
  // Read again when the file changes: a build replaces the hashed bundles the old page names, so a page
  // kept from before it would load scripts that are gone (a blank app until the service restarted).
  let index: { mtimeMs: number; size: number; body: Buffer } | undefined
  const currentIndex = () => {
    const stat = statSync(indexFile, { throwIfNoEntry: false })
    if (!stat) return undefined
    if (index?.mtimeMs !== stat.mtimeMs || index.size !== stat.size) {
      index = { mtimeMs: stat.mtimeMs, size: stat.size, body: readFileSync(indexFile) }
    }
    return index.body
  }
  const sendIndex = async (reply: FastifyReply) => {
    const body = currentIndex()
    if (!body) throw new NotFoundError("The sender's web app is not built")
    return reply
      .headers({ ...SECURITY_HEADERS, 'cache-control': 'no-cache' })
      .type('text/html; charset=utf-8')
      .send(body)
  }
  app.get('/app', { schema: { hide: true } }, (_request, reply) => reply.redirect('/app/'))
  app.get('/app/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply))
  app.get('/app/*', { schema: { hide: true } }, async (request, reply) => {
    // A missing hashed bundle is a 404, not the app: a stale page must not load HTML as a script.
    if (request.url.startsWith(HASHED_ASSETS)) {
      throw new NotFoundError('No such file')
    }
    return sendIndex(reply)
  })
}
