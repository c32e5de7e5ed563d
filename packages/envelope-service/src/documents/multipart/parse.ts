import { InvalidRequestError } from 'platform'

/**
 * A small multipart parser (RFC 7578 / RFC 2046) for DocuSign's multipart requests: the body is already
 * in memory, read by Fastify under the service's body limit (the same limit a JSON body with base64
 * documents has), so parts are views into it rather than streams. Limits bound the work a hostile body
 * can cause: the number of parts and the size of each part's headers. Header values are read as
 * UTF-8; parameters as `name=value` or `name="value"` (with backslash escapes), names without regard
 * to case. Every malformed body is a 400.
 */

export interface MultipartLimits {
  maxParts: number
  maxHeaderBytes: number
}

export interface MultipartPart {
  /** Header names in lower case. */
  headers: Map<string, string>
  /** `form-data`, `file`, ... (lower case), or undefined without a Content-Disposition. */
  disposition: string | undefined
  /** Content-Disposition parameters, names in lower case (`name`, `filename`, `documentid`). */
  dispositionParams: Map<string, string>
  /** The media type without parameters, lower case, or undefined. */
  contentType: string | undefined
  body: Uint8Array
}

const bad = (reason: string) => new InvalidRequestError(`The multipart request body is malformed: ${reason}`)

/** The boundary of a `multipart/...` Content-Type header; 400 when it has none. */
export function boundaryOf(contentType: string): string {
  const { params } = parseHeaderValue(contentType)
  const boundary = params.get('boundary')
  if (!boundary) throw bad('the Content-Type header has no boundary')
  if (boundary.length > 70) throw bad('the boundary is longer than 70 characters')
  return boundary
}

export function parseMultipart(body: Uint8Array, boundary: string, limits: MultipartLimits): MultipartPart[] {
  const buffer = Buffer.from(body.buffer, body.byteOffset, body.byteLength)
  const delimiter = Buffer.from(`--${boundary}`)
  // The first delimiter may open the body; every later one follows a line break.
  let position = buffer.subarray(0, delimiter.length).equals(delimiter)
    ? 0
    : indexOfDelimiter(buffer, delimiter, 0)
  if (position === -1) throw bad('the boundary does not occur in the body')
  const parts: MultipartPart[] = []
  for (;;) {
    let cursor = position + delimiter.length
    if (buffer[cursor] === 0x2d && buffer[cursor + 1] === 0x2d) return parts // `--`: the close delimiter
    cursor = skipLineEnd(buffer, skipTransportPadding(buffer, cursor))
    if (cursor === -1) throw bad('a boundary line does not end with a line break')
    const next = indexOfDelimiter(buffer, delimiter, cursor)
    if (next === -1) throw bad('the closing boundary is missing')
    if (parts.length === limits.maxParts) throw bad(`more than ${limits.maxParts} parts`)
    parts.push(readPart(buffer.subarray(cursor, lineBreakStart(buffer, next)), limits))
    position = next
  }
}

/** Index of the next `\n--boundary` (its `--`), from `from`; the line break before it is not part of the content. */
function indexOfDelimiter(buffer: Buffer, delimiter: Buffer, from: number): number {
  let at = from
  for (;;) {
    const found = buffer.indexOf(delimiter, at)
    if (found === -1) return -1
    if (found > 0 && buffer[found - 1] === 0x0a) return found
    at = found + 1
  }
}

/** Where the line break before a delimiter at `delimiterAt` starts (CRLF, or a bare LF). */
const lineBreakStart = (buffer: Buffer, delimiterAt: number) =>
  delimiterAt >= 2 && buffer[delimiterAt - 2] === 0x0d ? delimiterAt - 2 : delimiterAt - 1

function skipTransportPadding(buffer: Buffer, from: number): number {
  let at = from
  while (buffer[at] === 0x20 || buffer[at] === 0x09) at++
  return at
}

function skipLineEnd(buffer: Buffer, at: number): number {
  if (buffer[at] === 0x0d && buffer[at + 1] === 0x0a) return at + 2
  if (buffer[at] === 0x0a) return at + 1
  return -1
}

function readPart(part: Buffer, limits: MultipartLimits): MultipartPart {
  let headerEnd = -1
  let bodyStart = -1
  if (part.subarray(0, 2).toString('latin1') === '\r\n') {
    headerEnd = 0
    bodyStart = 2
  } else if (part[0] === 0x0a) {
    headerEnd = 0
    bodyStart = 1
  } else {
    const crlf = part.indexOf('\r\n\r\n')
    const lf = part.indexOf('\n\n')
    if (crlf !== -1 && (lf === -1 || crlf <= lf)) {
      headerEnd = crlf
      bodyStart = crlf + 4
    } else if (lf !== -1) {
      headerEnd = lf
      bodyStart = lf + 2
    }
  }
  if (headerEnd === -1) throw bad('a part has no blank line after its headers')
  if (headerEnd > limits.maxHeaderBytes) throw bad(`a part's headers exceed ${limits.maxHeaderBytes} bytes`)
  const headers = new Map<string, string>()
  for (const line of part.subarray(0, headerEnd).toString('utf8').split(/\r?\n/)) {
    if (line.trim() === '') continue
    const colon = line.indexOf(':')
    if (colon < 1) throw bad(`a part header line is not "Name: value": ${JSON.stringify(line.slice(0, 80))}`)
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  const disposition = headers.has('content-disposition')
    ? parseHeaderValue(headers.get('content-disposition') as string)
    : undefined
  const contentType = headers.has('content-type')
    ? parseHeaderValue(headers.get('content-type') as string).value
    : undefined
  return {
    headers,
    disposition: disposition?.value,
    dispositionParams: disposition?.params ?? new Map(),
    contentType,
    body: new Uint8Array(part.buffer, part.byteOffset + bodyStart, part.byteLength - bodyStart),
  }
}

/** `value; name=token; name="quoted \"string\""`: the value in lower case and the parameters. */
export function parseHeaderValue(header: string): { value: string; params: Map<string, string> } {
  const semicolon = header.indexOf(';')
  const value = (semicolon === -1 ? header : header.slice(0, semicolon)).trim().toLowerCase()
  const params = new Map<string, string>()
  let at = semicolon === -1 ? header.length : semicolon + 1
  while (at < header.length) {
    const equals = header.indexOf('=', at)
    if (equals === -1) break
    const name = header.slice(at, equals).trim().toLowerCase()
    let cursor = equals + 1
    while (header[cursor] === ' ') cursor++
    let text = ''
    if (header[cursor] === '"') {
      cursor++
      while (cursor < header.length && header[cursor] !== '"') {
        if (header[cursor] === '\\' && cursor + 1 < header.length) cursor++
        text += header[cursor]
        cursor++
      }
      const end = header.indexOf(';', cursor)
      at = end === -1 ? header.length : end + 1
    } else {
      const end = header.indexOf(';', cursor)
      text = header.slice(cursor, end === -1 ? header.length : end).trim()
      at = end === -1 ? header.length : end + 1
    }
    if (name !== '' && !params.has(name)) params.set(name, text)
  }
  return { value, params }
}
