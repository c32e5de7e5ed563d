import { type DefaultTreeAdapterTypes, defaultTreeAdapter, parse, serialize, html as spec } from 'parse5'

/**
 * An uploaded HTML document, rewritten so that it names no resource except `data:` URLs before
 * LibreOffice converts it: LibreOffice reads `file:` images, backgrounds and frames from the server's
 * disk while converting and would put them into the PDF (remote fetches are blocked by its profile,
 * see libreoffice.ts, but local files are not). Parsed and re-serialized with parse5 (the HTML
 * standard's parser), so entity-encoded, mixed-case or whitespace-split schemes are seen the way a
 * parser sees them. The rules:
 * - elements that load or point at other documents are dropped with their content;
 * - a URL-bearing attribute stays only with a `data:` URL of a raster image (`<a href>` also with http,
 *   https, mailto: a link in the PDF that nobody fetches while converting);
 * - CSS (style attributes, `<style>`) keeps `url(data:image/...)` only, loses every `@import`, and is
 *   dropped whole when it uses escapes (which could spell `url` or a scheme in disguise);
 * - the result is UTF-8 and says so; the input's own charset is honoured when decoding it.
 */

type Element = DefaultTreeAdapterTypes.Element
type ParentNode = DefaultTreeAdapterTypes.ParentNode

const DROPPED_ELEMENTS = new Set([
  'link',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'base',
  'script',
  'portal',
  'param',
])

/** Attributes that hold a URL (or a list of them) in HTML, SVG or MathML. */
const URL_ATTRIBUTES = new Set([
  'src',
  'href',
  'background',
  'poster',
  'data',
  'action',
  'formaction',
  'cite',
  'longdesc',
  'lowsrc',
  'dynsrc',
  'usemap',
  'codebase',
  'classid',
  'archive',
  'profile',
  'manifest',
  'icon',
  'ping',
  'srcset',
  'imagesrcset',
])
/** Lists of URLs separated by commas, which a `data:` URL may contain: never kept. */
const URL_LIST_ATTRIBUTES = new Set(['srcset', 'imagesrcset', 'ping', 'archive'])
const LINK_ELEMENTS = new Set(['a', 'area'])
const LINK_SCHEMES = new Set(['http', 'https', 'mailto'])

/**
 * The scheme of a URL as the URL standard's parser finds it (leading and trailing C0 controls and
 * spaces cut, tabs and newlines removed anywhere), lower-cased; undefined for a relative URL.
 */
export function urlScheme(value: string): string | undefined {
  return /^([a-z][a-z0-9+.-]*):/i.exec(normalizeUrl(value))?.[1]?.toLowerCase()
}

const normalizeUrl = (value: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the URL standard strips exactly these.
  value.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '')

/**
 * A `data:` URL of a raster image. Not SVG: LibreOffice's SVG reader follows the `<image href>`s inside
 * it, so an SVG in a data: URL could still name a local file.
 */
export const isInlineRasterImage = (value: string): boolean =>
  /^data:image\/(png|jpeg|jpg|gif|bmp|webp|tiff)[;,]/i.test(normalizeUrl(value))

function keepsAttribute(element: Element, name: string, value: string): boolean {
  if (name.startsWith('on')) return false
  if (!URL_ATTRIBUTES.has(name)) return true
  if (URL_LIST_ATTRIBUTES.has(name)) return false
  if (isInlineRasterImage(value)) return true
  return name === 'href' && LINK_ELEMENTS.has(element.tagName) && LINK_SCHEMES.has(urlScheme(value) ?? '')
}

/**
 * CSS with every `url(...)` that is not a `data:` URL replaced by `none` and every `@import` removed;
 * undefined (drop it) when it contains an escape, since `u\72l(` or `fi\6ce:` would slip past.
 */
export function sanitizeCss(css: string): string | undefined {
  if (css.includes('\\')) return undefined
  // Comments go without a trace, so `u/**/rl(` becomes the `url(` it may be read as.
  let result = css.replace(/\/\*[\s\S]*?(\*\/|$)/g, '')
  let previous: string
  do {
    previous = result
    result = result
      .replace(/@import\b[^;]*(;|$)/gi, '')
      .replace(/url\s*\(\s*("([^"]*)"|'([^']*)'|([^)]*))\s*\)/gi, (_whole, _quoted, double, single, bare) => {
        const url = normalizeUrl(double ?? single ?? bare ?? '')
        return isInlineRasterImage(url) && !url.includes('"') ? `url("${url}")` : 'none'
      })
  } while (result !== previous)
  // What is left of `url(` outside data: URLs (one never closed, say) is CSS a parser might still follow.
  const outsideDataUrls = result.replace(/url\s*\(\s*("[^"]*"|'[^']*'|[^)]*)\s*\)/gi, '')
  return /url\s*\(|@import/i.test(outsideDataUrls) ? undefined : result
}

function sanitizeElement(element: Element): void {
  element.attrs = element.attrs.flatMap((attribute) => {
    const name = attribute.name.toLowerCase()
    if (name === 'style') {
      const css = sanitizeCss(attribute.value)
      return css === undefined ? [] : [{ ...attribute, value: css }]
    }
    if (!keepsAttribute(element, name, attribute.value)) return []
    return URL_ATTRIBUTES.has(name) ? [{ ...attribute, value: normalizeUrl(attribute.value) }] : [attribute]
  })
  if (element.tagName === 'style') {
    const css = sanitizeCss(
      element.childNodes.map((child) => (defaultTreeAdapter.isTextNode(child) ? child.value : '')).join(''),
    )
    element.childNodes = []
    if (css) defaultTreeAdapter.insertText(element, css)
  }
}

/** `http-equiv` that redirects, sets state, or declares a charset the output no longer has. */
const isHttpEquiv = (element: Element) =>
  element.tagName === 'meta' &&
  element.attrs.some(
    (attribute) =>
      attribute.name.toLowerCase() === 'http-equiv' &&
      ['refresh', 'content-type', 'set-cookie', 'link'].includes(attribute.value.trim().toLowerCase()),
  )
const isCharset = (element: Element) =>
  element.tagName === 'meta' && element.attrs.some((attribute) => attribute.name.toLowerCase() === 'charset')

function sanitizeTree(parent: ParentNode): void {
  parent.childNodes = parent.childNodes.filter((child) => {
    if (child.nodeName === '#comment' || child.nodeName === '#documentType') return false
    if (!('tagName' in child)) return true
    return !DROPPED_ELEMENTS.has(child.tagName) && !isHttpEquiv(child) && !isCharset(child)
  }) as typeof parent.childNodes
  for (const child of parent.childNodes) {
    if (!('tagName' in child)) continue
    sanitizeElement(child)
    sanitizeTree(child)
    if ('content' in child) sanitizeTree(child.content)
  }
}

/** The HTML, parsed, cleaned by the rules above and serialized as UTF-8 text. */
export function sanitizeHtml(html: string): string {
  const document = parse(html)
  sanitizeTree(document)
  const htmlElement = document.childNodes.find((child): child is Element => 'tagName' in child)
  const head = htmlElement?.childNodes.find(
    (child): child is Element => 'tagName' in child && child.tagName === 'head',
  )
  if (head) {
    const charset = defaultTreeAdapter.createElement('meta', spec.NS.HTML, [
      { name: 'http-equiv', value: 'Content-Type' },
      { name: 'content', value: 'text/html; charset=utf-8' },
    ])
    charset.parentNode = head
    head.childNodes.unshift(charset)
  }
  return `<!DOCTYPE html>${serialize(document)}`
}

/**
 * Decodes uploaded HTML bytes the way a browser would before parsing: a byte order mark, else a charset
 * declared in the first 1024 bytes, else UTF-8 when the bytes are valid UTF-8, else windows-1252.
 */
export function decodeHtml(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return decode('utf-8', bytes)
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return decode('utf-16le', bytes)
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decode('utf-16be', bytes)
  const declared = /charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(
    Buffer.from(bytes.subarray(0, 1024)).toString('latin1'),
  )?.[1]
  if (declared) {
    try {
      return new TextDecoder(declared).decode(bytes)
    } catch {
      // An unknown label: as if none were declared.
    }
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return decode('windows-1252', bytes)
  }
}

const decode = (encoding: string, bytes: Uint8Array) => new TextDecoder(encoding).decode(bytes)

/** Uploaded HTML bytes → sanitized UTF-8 bytes for LibreOffice. */
export const sanitizeHtmlBytes = (bytes: Uint8Array): Uint8Array =>
  new TextEncoder().encode(sanitizeHtml(decodeHtml(bytes)))
