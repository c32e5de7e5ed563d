import type { App } from 'platform'
import { DOCUMENT_LIMITS } from '../pdf.js'
import { definitionFromParts } from './definition.js'
import { boundaryOf, parseMultipart } from './parse.js'

/** Parts beyond the documents: the JSON definition, and slack for clients that send an empty part. */
const LIMITS = { maxParts: DOCUMENT_LIMITS.maxDocuments + 2, maxHeaderBytes: 8 * 1024 }

/**
 * Lets the routes of this scope take DocuSign's `multipart/form-data` (and `multipart/mixed`) requests:
 * the body, read whole under the service's body limit, becomes the JSON definition with its documents
 * filled in (documents/multipart/definition.ts), then goes through the same lenient reading and
 * validation as a JSON body.
 */
export function acceptMultipartBodies(app: App): void {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.addContentTypeParser(
    ['multipart/form-data', 'multipart/mixed'],
    { parseAs: 'buffer' },
    (request, body, done) => {
      try {
        const parts = parseMultipart(
          body as Buffer,
          boundaryOf(request.headers['content-type'] ?? ''),
          LIMITS,
        )
        const definition = definitionFromParts(parts, (text) => {
          let parsed: unknown
          let failure: Error | undefined
          parseJson(request, text, (error, value) => {
            failure = error ?? undefined
            parsed = value
          })
          if (failure) throw failure
          return parsed
        })
        done(null, definition)
      } catch (error) {
        done(error as Error, undefined)
      }
    },
  )
}
