import type { FastifyInstance } from 'fastify'

/**
 * The content security policy of an HTML response that sets none of its own: nothing loads, runs, is
 * framed or submitted. Pages with scripts or styles set their own (the docs, docs.ts; the signing page;
 * the console), so this only catches a page that forgot, e.g. an error rendered as HTML.
 */
export const FALLBACK_HTML_POLICY =
  "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

/** Gives every HTML response a content security policy, its own or the fallback. */
export function installHtmlPolicy(app: FastifyInstance): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    const type = reply.getHeader('content-type')
    if (
      typeof type === 'string' &&
      type.startsWith('text/html') &&
      !reply.hasHeader('content-security-policy') &&
      // Set on the raw response by @fastify/static's setHeaders: Fastify's headers would replace it.
      !reply.raw.hasHeader('content-security-policy')
    ) {
      reply.header('content-security-policy', FALLBACK_HTML_POLICY)
    }
    done(null, payload)
  })
}
