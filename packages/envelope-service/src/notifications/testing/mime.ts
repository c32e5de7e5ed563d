/**
 * A small MIME reader for tests: enough of RFC 2045/2047 to read what nodemailer writes (headers,
 * encoded words, multipart/alternative, quoted-printable and base64 parts). Not for production input.
 */

export interface ParsedMail {
  headers: Map<string, string>
  subject: string
  text?: string
  html?: string
}

export function parseMail(raw: string): ParsedMail {
  const { headers, body } = splitEntity(raw)
  const parts: { type: string; content: string }[] = []
  collectParts(headers, body, parts)
  return {
    headers,
    subject: decodeWords(headers.get('subject') ?? ''),
    text: parts.find((part) => part.type === 'text/plain')?.content,
    html: parts.find((part) => part.type === 'text/html')?.content,
  }
}

function splitEntity(raw: string) {
  const normalized = raw.replace(/\r\n/g, '\n')
  const end = normalized.indexOf('\n\n')
  const head = end === -1 ? normalized : normalized.slice(0, end)
  const headers = new Map<string, string>()
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return { headers, body: end === -1 ? '' : normalized.slice(end + 2) }
}

function collectParts(
  headers: Map<string, string>,
  body: string,
  parts: { type: string; content: string }[],
) {
  const contentType = headers.get('content-type') ?? 'text/plain'
  const type = contentType.split(';')[0]!.trim().toLowerCase()
  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1]
    if (!boundary) return
    const sections = body.split(`--${boundary}`).slice(1)
    for (const section of sections) {
      if (section.startsWith('--')) break
      const entity = splitEntity(section.replace(/^\n/, ''))
      collectParts(entity.headers, entity.body, parts)
    }
    return
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase()
  parts.push({ type, content: decodeBody(body, encoding).replace(/\n$/, '') })
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body)
  return body
}

function decodeQuotedPrintable(body: string): string {
  const softBreaksRemoved = body.replace(/=\n/g, '')
  const bytes: number[] = []
  for (let index = 0; index < softBreaksRemoved.length; index++) {
    const character = softBreaksRemoved[index]!
    if (character === '=' && /^[0-9A-F]{2}$/i.test(softBreaksRemoved.slice(index + 1, index + 3))) {
      bytes.push(Number.parseInt(softBreaksRemoved.slice(index + 1, index + 3), 16))
      index += 2
    } else {
      bytes.push(...Buffer.from(character, 'utf8'))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`), adjacent ones joined. */
export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([bBqQ])\?([^?]*)\?=/g, (_, _charset: string, mode: string, text: string) =>
      mode.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )
}
