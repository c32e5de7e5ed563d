import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import fastifyStatic from '@fastify/static'
import type { App } from 'platform'

/**
 * Where scripts/build.mjs (run by `npm start`, or `npm run build`) puts the web app. Two levels below the
 * package, like this file, so the path is the same from the source and from a bundle under dist/bin.
 */
export const CONSOLE_WEB_DIR = fileURLToPath(new URL('../../dist/console', import.meta.url))

/** The page loads only its own files and talks only to this server. */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

/** Serves the built web app at `/`; the app routes in the browser between `/` and `/cases/<id>`. */
export async function consoleWebApp(app: App, directory = CONSOLE_WEB_DIR) {
  if (!existsSync(directory)) {
    app.log.warn({ directory }, 'the console is not built; `npm start` builds it (or `npm run build`)')
  }
  await app.register(fastifyStatic, {
    root: directory,
    prefix: '/',
    index: ['index.html'],
    setHeaders(response) {
      response.setHeader('content-security-policy', CONSOLE_CSP)
      response.setHeader('referrer-policy', 'no-referrer')
    },
  })
  // A case page's address, opened directly or reloaded, is the app too; it finds the case itself.
  app.get('/cases/:id', (_request, reply) =>
    reply
      .header('content-security-policy', CONSOLE_CSP)
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', 'no-cache')
      .sendFile('index.html'),
  )
}
