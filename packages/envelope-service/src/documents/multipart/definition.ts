import { InvalidRequestError } from 'platform'
import { extensionOf, formatOf } from '../conversion/formats.js'
import type { MultipartPart } from './parse.js'

/**
 * DocuSign's multipart envelope (and template) request, read into the JSON body the routes validate:
 * one part holds the definition (`Content-Type: application/json`, `Content-Disposition: form-data`),
 * each other part one document's raw bytes (`Content-Disposition: file; filename="x.docx";
 * documentid=1`). The definition's documents carry no `documentBase64`: each file part fills in the
 * documents with its `documentid` (in `documents`, `compositeTemplates[].document` and
 * `compositeTemplates[].inlineTemplates[].documents`) that have none. Going through base64 costs a
 * copy but keeps one validated path for both kinds of request. A document without `fileExtension`
 * takes it from the part's `fileextension` parameter or its filename's extension.
 */

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A property by name regardless of its case (`documentId`, `DocumentId`, `documentID`): DocuSign accepts each. */
function keyOf(object: Json, name: string): string | undefined {
  if (Object.hasOwn(object, name)) return name
  const lower = name.toLowerCase()
  return Object.keys(object).find((key) => key.toLowerCase() === lower)
}
const read = (object: Json, name: string): unknown => {
  const key = keyOf(object, name)
  return key === undefined ? undefined : object[key]
}
const list = (object: Json, name: string): Json[] => {
  const value = read(object, name)
  return Array.isArray(value) ? value.filter(isObject) : []
}

/** Every document object of a definition, wherever DocuSign allows one. */
function documentsIn(definition: Json): Json[] {
  const found = [...list(definition, 'documents')]
  for (const composite of list(definition, 'compositeTemplates')) {
    const single = read(composite, 'document')
    if (isObject(single)) found.push(single)
    for (const inline of list(composite, 'inlineTemplates')) found.push(...list(inline, 'documents'))
  }
  return found
}

const isJsonPart = (part: MultipartPart) =>
  part.contentType === 'application/json' ||
  (part.disposition === 'form-data' &&
    !part.dispositionParams.has('filename') &&
    !part.dispositionParams.has('documentid'))

export function definitionFromParts(parts: MultipartPart[], parseJson: (text: string) => unknown): Json {
  const jsonParts = parts.filter(isJsonPart)
  if (jsonParts.length !== 1) {
    throw new InvalidRequestError(
      `A multipart request needs exactly one part with the JSON definition (Content-Type: application/json); this one has ${jsonParts.length}`,
    )
  }
  const text = Buffer.from((jsonParts[0] as MultipartPart).body).toString('utf8')
  const definition = parseJson(text)
  if (!isObject(definition))
    throw new InvalidRequestError('The JSON part of the multipart request must be an object')

  const documents = documentsIn(definition)
  const filled = new Set<string>()
  parts.forEach((part, index) => {
    if (isJsonPart(part)) return
    const field = `multipart part ${index + 1}`
    const documentId = part.dispositionParams.get('documentid')
    if (documentId === undefined || documentId.trim() === '') {
      throw new InvalidRequestError(`${field} has no documentid in its Content-Disposition header`)
    }
    if (filled.has(documentId))
      throw new InvalidRequestError(`${field}: documentid ${documentId} is sent twice`)
    filled.add(documentId)
    const targets = documents.filter(
      (document) =>
        String(read(document, 'documentId')) === documentId && read(document, 'documentBase64') === undefined,
    )
    if (targets.length === 0) {
      throw new InvalidRequestError(
        `${field}: documentid ${documentId} is not a document of the definition without documentBase64`,
      )
    }
    const base64 = Buffer.from(part.body.buffer, part.body.byteOffset, part.body.byteLength).toString(
      'base64',
    )
    const extension = partExtension(part)
    for (const document of targets) {
      document.documentBase64 = base64
      const declared = read(document, 'fileExtension')
      const name = read(document, 'name')
      const fromName = typeof name === 'string' ? extensionOf(undefined, name) : 'pdf'
      if (declared === undefined && extension !== undefined && fromName === 'pdf')
        document.fileExtension = extension
    }
  })
  return definition
}

/** The extension a file part declares: its `fileextension` parameter, else its filename's, when accepted. */
function partExtension(part: MultipartPart): string | undefined {
  const declared = part.dispositionParams.get('fileextension')
  if (declared !== undefined && declared.trim() !== '')
    return declared.trim().replace(/^\./, '').toLowerCase()
  const filename = part.dispositionParams.get('filename')
  if (filename === undefined) return undefined
  const fromName = extensionOf(undefined, filename)
  return formatOf(fromName) ? fromName : undefined
}
