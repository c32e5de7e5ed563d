import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import fastifyStatic from '@fastify/static'
import type { FastifyReply } from 'fastify'
import type { App } from 'platform'

/**
 * Where `npm start` (scripts/build.mjs) puts the web app. Two levels below the package, like this file,
 * so the path is the same from the source and from the bundle under dist/bin.
 */
export const WEB_APP_DIR = fileURLToPath(new URL('../../dist/web', import.meta.url))

/** The page loads only its own files and talks only to this service. */
export const WEB_APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  // blob: shows an image chosen in the form before it is uploaded.
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

/** Besides `/`, the browser routes between these itself; opened directly or reloaded, each is the app's document. */
const APP_PAGES = ['/new', '/tags', '/import', '/recipes/:id', '/recipes/:id/edit']

const sendApp = (reply: FastifyReply) =>
  reply
    .header('content-security-policy', WEB_APP_CSP)
    .header('cache-control', 'no-cache')
    .sendFile('index.html')

/**
 * Makes `/` the app: the documentation plugin registers `/` as a redirect to /docs, and this takes over
 * that route's handler as it is added (an onRoute hook costs nothing per request, unlike a request hook
 * checking every URL). Call before the documentation is registered.
 */
export function appAtRoot(app: App) {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    if (route.url === '/' && methods.includes('GET')) route.handler = (_request, reply) => sendApp(reply)
  })
}

/**
 * Serves the built web app at `/`. Files under /assets carry a content hash in their names, so they are
 * cached for a year; everything else is revalidated on each use, so a new build shows at once.
 */
export async function webApp(app: App, directory = WEB_APP_DIR) {
  if (!existsSync(directory)) {
    app.log.warn({ directory }, 'the web app is not built; `npm start` builds it')
  }
  await app.register(fastifyStatic, {
    root: directory,
    prefix: '/',
    index: false,
    // Set below, per kind of file.
    cacheControl: false,
    setHeaders(response, path) {
      response.setHeader('content-security-policy', WEB_APP_CSP)
      response.setHeader(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      )
    },
  })
  for (const page of APP_PAGES) {
    app.get(page, { schema: { hide: true } }, (_request, reply) => sendApp(reply))
  }
}
