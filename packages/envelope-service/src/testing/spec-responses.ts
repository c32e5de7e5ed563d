import { readFileSync } from 'node:fs'
import { gunzipSync } from 'node:zlib'
import { Ajv, type ValidateFunction } from 'ajv'

/**
 * Response bodies checked against DocuSign's OpenAPI response schemas (an extract vendored in
 * `src/envelopes/testing/docusign/responses.json.gz`). DocuSign's schemas do not close their objects,
 * so fields this service adds pass; the additions are listed in the README.
 */

interface Extract {
  responses: Record<string, unknown>
  definitions: Record<string, unknown>
}

const extract = JSON.parse(
  gunzipSync(
    readFileSync(new URL('../envelopes/testing/docusign/responses.json.gz', import.meta.url)),
  ).toString('utf8'),
) as Extract

const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false })
ajv.addSchema({ $id: 'docusign', definitions: extract.definitions })
const rewrite = (schema: unknown): unknown =>
  JSON.parse(JSON.stringify(schema).replaceAll('"#/definitions/', '"docusign#/definitions/'))
const compiled = new Map<string, ValidateFunction | null>()

/** The operations with a success schema, keyed `METHOD /path status` in DocuSign's path template. */
export const SPEC_OPERATIONS = Object.keys(extract.responses)

/**
 * Errors of `body` against the spec's schema for `operation` (`GET /envelopes/{envelopeId} 200`), or
 * an empty list; an operation the spec answers without a body accepts only an empty one.
 */
export function specErrors(operation: string, body: unknown): string[] {
  if (!(operation in extract.responses)) throw new Error(`No DocuSign response for ${operation}`)
  let validate = compiled.get(operation)
  if (validate === undefined) {
    const schema = extract.responses[operation]
    validate = schema === null || schema === undefined ? null : ajv.compile(rewrite(schema) as object)
    compiled.set(operation, validate)
  }
  if (validate === null) return body === undefined || body === '' ? [] : ['expected no body']
  if (validate(body)) return []
  return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`)
}
