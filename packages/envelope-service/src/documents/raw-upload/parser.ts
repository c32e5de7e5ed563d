import type { FastifyRequest } from 'fastify'
import type { App } from 'platform'

/** What a raw upload request carries: its bytes and the two headers that describe them. */
export interface RawUpload {
  bytes: Uint8Array
  contentType: string | undefined
  contentDisposition: string | undefined
}

/**
 * Lets the routes of this scope (and only them: call it inside an encapsulated plugin) take a document's
 * bytes as the body, read whole under the service's body limit as a Buffer. Every media type but JSON
 * arrives as bytes, so the route answers one it does not read with a 400 naming the supported ones
 * rather than Fastify's 415. `text/plain` replaces Fastify's string parser: a text document is bytes too.
 */
export function acceptRawDocumentBodies(scope: App): void {
  const asBytes = (_request: unknown, body: Buffer | string, done: (error: null, body: unknown) => void) => {
    done(null, body)
  }
  scope.removeContentTypeParser('text/plain')
  scope.addContentTypeParser('text/plain', { parseAs: 'buffer' }, asBytes)
  scope.addContentTypeParser('*', { parseAs: 'buffer' }, asBytes)
}

/** The raw upload of a request of this scope; an empty body (or a JSON one) reads as no bytes. */
export function rawUploadOf(request: FastifyRequest): RawUpload {
  const body = request.body
  const disposition = request.headers['content-disposition']
  return {
    bytes: Buffer.isBuffer(body)
      ? new Uint8Array(body.buffer, body.byteOffset, body.byteLength)
      : new Uint8Array(),
    contentType: request.headers['content-type'],
    contentDisposition: typeof disposition === 'string' ? disposition : undefined,
  }
}
