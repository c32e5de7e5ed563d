import { unzipSync, type Zippable, zipSync } from 'fflate'
import { urlScheme } from './html-sanitize.js'

/**
 * The bytes of an office document, checked and cleaned before LibreOffice reads them. LibreOffice
 * loads the files a document links to (a DOCX image relationship with `TargetMode="External"`, an
 * ODF `xlink:href="file:///..."` image or background) from the server's disk and embeds them in the
 * PDF; its BlockUntrustedRefererLinks setting (libreoffice.ts) stops some of these, not all (ODF
 * backgrounds). So:
 * - a zip package (DOCX, XLSX, PPTX, ODT, ODS, ODP) is unpacked, every reference out of the package
 *   is blanked in its XML parts (`.rels` targets, `href`/`src` attributes, any attribute naming a
 *   local URL scheme), and the package is written anew, so that LibreOffice reads exactly the entries
 *   checked here (never a second entry of the same name, nor one outside the central directory);
 * - an OLE2 compound file (DOC, XLS, PPT) or RTF goes as it is (see the README's limits);
 * - anything else is refused: LibreOffice would detect it by content, and an HTML page named `.doc`
 *   would be converted as HTML without the HTML sanitizer.
 */

export class UnreadableDocumentError extends Error {}

/** Unpacked size beyond which a package is refused (a zip bomb costs the server nothing to receive). */
const MAX_UNPACKED_BYTES = 256 * 1024 * 1024

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) =>
  prefix.every((byte, index) => bytes[index] === byte)
const ZIP = [0x50, 0x4b, 0x03, 0x04]
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]
const RTF = [...'{\\rtf'].map((char) => char.charCodeAt(0))

export function prepareOfficeDocument(bytes: Uint8Array, extension: string): Uint8Array {
  if (startsWith(bytes, ZIP)) return withoutExternalReferences(bytes)
  if (startsWith(bytes, OLE2) || startsWith(bytes, RTF)) return bytes
  throw new UnreadableDocumentError(`it is not a ${extension} document`)
}

/** Parts whose text is XML LibreOffice reads (SVG images included: its SVG reader follows links). */
const isMarkupPart = (name: string) => /\.(xml|rels|svg|vml)$/i.test(name)

export function withoutExternalReferences(zip: Uint8Array): Uint8Array {
  let unpacked = 0
  const names = new Set<string>()
  let entries: Record<string, Uint8Array>
  try {
    entries = unzipSync(zip, {
      filter(file) {
        unpacked += file.originalSize
        if (unpacked > MAX_UNPACKED_BYTES) throw new UnreadableDocumentError('it is too large unpacked')
        if (names.has(file.name)) throw new UnreadableDocumentError('its package names a part twice')
        names.add(file.name)
        return true
      },
    })
  } catch (error) {
    if (error instanceof UnreadableDocumentError) throw error
    throw new UnreadableDocumentError('its zip package cannot be read')
  }
  const rewritten: Zippable = {}
  for (const [name, data] of Object.entries(entries)) {
    const cleaned = isMarkupPart(name) ? cleanMarkup(data, name) : data
    // ODF wants `mimetype` first and stored; it is first in what unzipSync returns when it was.
    rewritten[name] = name === 'mimetype' ? [cleaned, { level: 0 }] : cleaned
  }
  return zipSync(rewritten, { level: 1 })
}

/** The XML encodings in which the ASCII patterns below mean what they say. */
const ASCII_COMPATIBLE = /^(utf-?8|us-ascii|ascii|iso-8859-\d+|iso-latin-1|latin1|windows-125\d)$/i

function cleanMarkup(data: Uint8Array, name: string): Uint8Array {
  // Latin-1 maps each byte to one character and back, so unchanged bytes (UTF-8 text) survive as they are.
  const text = Buffer.from(data).toString('latin1')
  const encoding = /^\s*<\?xml[^>]*\sencoding\s*=\s*["']([^"']*)["']/.exec(text)?.[1]
  if (text.includes('\u0000') || (encoding !== undefined && !ASCII_COMPATIBLE.test(encoding))) {
    throw new UnreadableDocumentError(`${name} is not in an ASCII-compatible encoding`)
  }
  // Entities are how XML names an outside file (`<!ENTITY x SYSTEM "file:...">`); no office part has any.
  if (/<!(DOCTYPE|ENTITY)/i.test(text)) throw new UnreadableDocumentError(`${name} declares a DOCTYPE`)
  const cleaned = text.replace(START_TAG, (tag, element: string, attributes: string, end: string) => {
    const parsed = [...attributes.matchAll(ATTRIBUTE)].map(
      ([, space, attribute, equals, double, single]) => ({
        space: space as string,
        name: attribute as string,
        equals: equals as string,
        raw: (double ?? single) as string,
        quote: double === undefined ? "'" : '"',
      }),
    )
    const values = new Map(parsed.map((attribute) => [localName(attribute.name), decodeXml(attribute.raw)]))
    let changed = false
    const rebuilt = parsed.map((attribute) => {
      const keep = keepsAttribute(localName(element), attribute.name, decodeXml(attribute.raw), values)
      if (!keep) changed = true
      return `${attribute.space}${attribute.name}${attribute.equals}${attribute.quote}${keep ? attribute.raw : ''}${attribute.quote}`
    })
    return changed ? `<${element}${rebuilt.join('')}${end}>` : tag
  })
  return cleaned === text ? data : new Uint8Array(Buffer.from(cleaned, 'latin1'))
}

/** A start tag with its attributes (XML attribute values may hold `>`, never `<`). */
const START_TAG = /<([^\s<>/!?]+)((?:\s+[^\s=<>"'/]+\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)(\s*\/?)>/g
const ATTRIBUTE = /(\s+)([^\s=<>"'/]+)(\s*=\s*)(?:"([^"<]*)"|'([^'<]*)')/g

const localName = (qualified: string) => qualified.slice(qualified.indexOf(':') + 1)

/** URL schemes that reach the server's files or its network neighbours (http is already proxied away). */
const LOCAL_SCHEMES =
  /^(file|smb|nfs|ftp|ftps|sftp|dav|davs|webdav|cmis|vnd\.sun\.star\..*|vnd\.libreoffice\..*|private|macro|slot|service|uno|vnd\.openoffice\..*)$/
const LINK_SCHEMES = new Set(['http', 'https', 'mailto'])
const LINK_ELEMENTS = new Set(['a', 'hyperlink'])

/** A path inside the package: relative, without `..`, no scheme, no drive or UNC prefix. */
function isPackagePath(value: string): boolean {
  const normalized = value.trim()
  if (urlScheme(normalized) !== undefined) return false
  if (/^[/\\]/.test(normalized)) return false
  return !normalized.split(/[/\\]/).includes('..')
}

function keepsAttribute(
  element: string,
  attribute: string,
  value: string,
  siblings: Map<string, string>,
): boolean {
  if (attribute === 'xmlns' || attribute.startsWith('xmlns:')) return true
  const name = localName(attribute)
  const scheme = urlScheme(value)
  if (element === 'Relationship' && name === 'Target') {
    // An internal target is a part of the package, found relative to the part (`../media/x.png`).
    if (siblings.get('TargetMode')?.trim().toLowerCase() !== 'external') return scheme === undefined
    return (siblings.get('Type') ?? '').endsWith('/hyperlink') && LINK_SCHEMES.has(scheme ?? '')
  }
  if (name === 'href' || name === 'src') {
    return isPackagePath(value) || (LINK_ELEMENTS.has(element) && LINK_SCHEMES.has(scheme ?? ''))
  }
  const trimmed = value.trim()
  return !(LOCAL_SCHEMES.test(scheme ?? '') || trimmed.startsWith('//') || trimmed.startsWith('\\\\'))
}

const XML_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }
/** What an entity no parser could resolve reads as here: a value no rule keeps. */
const UNSAFE = 'file:'

/** An attribute value as an XML parser reads it; an entity it cannot resolve makes it unsafe. */
function decodeXml(raw: string): string {
  return raw
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (_whole, entity: string) => {
      const code = /^#x/i.test(entity)
        ? Number.parseInt(entity.slice(2), 16)
        : entity.startsWith('#')
          ? Number.parseInt(entity.slice(1), 10)
          : undefined
      if (code === undefined)
        return Object.hasOwn(XML_ENTITIES, entity) ? (XML_ENTITIES[entity] as string) : UNSAFE
      return code <= 0x10ffff ? String.fromCodePoint(code) : UNSAFE
    })
    .replace(/[\t\n\r]/g, ' ')
}
