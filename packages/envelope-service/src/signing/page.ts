import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import fastifyStatic from '@fastify/static'
import type { App } from 'platform'

/** Where scripts/build.mjs (run by `npm start`, or `npm run build`) puts the signing page. */
export const SIGNING_PAGE_DIR = fileURLToPath(new URL('../../dist/signing', import.meta.url))

/**
 * What the signing page may load: only its own scripts, styles, fonts and worker; images from data and
 * blob URLs (adopted signatures, pdf.js); no framing by other sites; no referrer, so the page's URL never
 * leaves it.
 */
export const SIGNING_PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "font-src 'self'",
  "img-src 'self' data: blob:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ')

/** Serves the built signing page under /signing/ with its content security policy. */
export async function signingPage(app: App, directory = SIGNING_PAGE_DIR) {
  if (!existsSync(directory)) {
    app.log.warn({ directory }, 'the signing page is not built; `npm start` builds it (or `npm run build`)')
  }
  await app.register(fastifyStatic, {
    root: directory,
    prefix: '/signing/',
    index: ['index.html'],
    wildcard: false,
    setHeaders(response) {
      response.setHeader('content-security-policy', SIGNING_PAGE_CSP)
      response.setHeader('referrer-policy', 'no-referrer')
      response.setHeader('x-frame-options', 'SAMEORIGIN')
    },
  })
}
