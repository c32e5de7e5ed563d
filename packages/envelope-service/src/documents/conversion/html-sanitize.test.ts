import fc from 'fast-check'
import { type DefaultTreeAdapterTypes, parse } from 'parse5'
import { describe, expect, it } from 'vitest'
import { decodeHtml, sanitizeCss, sanitizeHtml, urlScheme } from './html-sanitize.js'

type Element = DefaultTreeAdapterTypes.Element

const PNG = 'data:image/png;base64,iVBORw0KGgo='

function elements(html: string): Element[] {
  const found: Element[] = []
  const walk = (node: DefaultTreeAdapterTypes.ParentNode) => {
    for (const child of node.childNodes) {
      if (!('tagName' in child)) continue
      found.push(child)
      walk(child)
      if ('content' in child) walk(child.content)
    }
  }
  walk(parse(html))
  return found
}

const attribute = (element: Element | undefined, name: string) =>
  element?.attrs.find((candidate) => candidate.name === name)?.value

/** The src of the one `<img>` left after sanitizing `<img src="...">`. */
const imgSrc = (src: string) =>
  attribute(
    elements(sanitizeHtml(`<p>x</p><img src="${src}">`)).find((element) => element.tagName === 'img'),
    'src',
  )

describe('sanitizeHtml', () => {
  describe('drops a file: URL however it is spelled', () => {
    const spellings: Record<string, string> = {
      plain: 'file:///etc/passwd',
      'entity-encoded (decimal)': '&#102;ile:///etc/passwd',
      'entity-encoded (hex, no semicolon)': '&#x66ile:///etc/passwd',
      'entity-encoded colon': 'file&colon;///etc/passwd',
      'mixed case': 'FiLe:///etc/passwd',
      'leading spaces and control characters': ' \u0001\u001ffile:///etc/passwd',
      'tab inside the scheme': 'fi\tle:///etc/passwd',
      'newline inside the scheme': 'fi\nle:///etc/passwd',
      'entity-encoded tab inside the scheme': 'fi&#9;le:///etc/passwd',
      'Windows path': 'C:\\Windows\\win.ini',
    }
    for (const [name, spelling] of Object.entries(spellings)) {
      it(name, () => expect(imgSrc(spelling)).toBeUndefined())
    }
  })

  it('drops protocol-relative, relative and absolute paths, which resolve against the server', () => {
    for (const src of ['//fileserver/share/a.png', '../../etc/passwd', '/etc/passwd', 'logo.png', '']) {
      expect(imgSrc(src), src).toBeUndefined()
    }
  })

  it('drops remote, script and SVG data URLs', () => {
    for (const src of [
      'http://example.com/a.png',
      'https://example.com/a.png',
      'javascript:alert(1)',
      'data:image/svg+xml,<svg><image href="file:///etc/x.png"/></svg>',
      'data:text/html,<img src=file:///x>',
    ]) {
      expect(imgSrc(src), src).toBeUndefined()
    }
  })

  it('keeps a raster image in a data: URL, without the spaces around it', () => {
    expect(imgSrc(PNG)).toBe(PNG)
    expect(imgSrc(`  ${PNG.replace('data:image/png', 'DATA:image/PNG')} `)).toBe(
      PNG.replace('data:image/png', 'DATA:image/PNG'),
    )
  })

  it('removes the elements that load other documents, with their content', () => {
    const html = sanitizeHtml(
      '<head><link rel="stylesheet" href="a.css"><base href="file:///"><meta http-equiv="refresh" content="0;url=file:///etc/passwd"><script src="a.js">x()</script></head>' +
        '<body><p>kept</p><iframe src="file:///etc/passwd">inside</iframe><object data="file:///x">fallback</object><embed src="file:///x"><frameset><frame src="file:///x"></frameset></body>',
    )
    const names = elements(html).map((element) => element.tagName)
    for (const dropped of ['link', 'base', 'script', 'iframe', 'object', 'embed', 'frame', 'frameset']) {
      expect(names).not.toContain(dropped)
    }
    expect(html).not.toContain('refresh')
    expect(html).toContain('<p>kept</p>')
    expect(html).not.toMatch(/file:|inside|fallback/)
  })

  it('keeps http, https and mailto links, which LibreOffice never fetches, and drops file: links', () => {
    const found = elements(
      sanitizeHtml(
        '<a href="https://example.com/terms">terms</a><a href="mailto:a@example.com">mail</a><a href="file:///etc/passwd">x</a><area href="FILE:///x">',
      ),
    )
    expect(found.filter((element) => element.tagName === 'a').map((a) => attribute(a, 'href'))).toEqual([
      'https://example.com/terms',
      'mailto:a@example.com',
      undefined,
    ])
    expect(
      attribute(
        found.find((element) => element.tagName === 'area'),
        'href',
      ),
    ).toBeUndefined()
  })

  it('cleans backgrounds, SVG images, srcset and template content', () => {
    const html = sanitizeHtml(
      '<body background="file:///a.png"><table background="file:///b.png"><tr><td background="c.png">x</td></tr></table>' +
        `<img srcset="${PNG} 1x, file:///x.png 2x"><svg><image href="file:///d.png"/><image xlink:href="file:///e.png"/></svg>` +
        '<template><img src="file:///f.png"></template><input type="image" src="file:///g.png"><video poster="file:///h.png"></video></body>',
    )
    expect(html).not.toMatch(/file:|\.png|srcset/)
  })

  it('sanitizes style attributes and style elements', () => {
    const html = sanitizeHtml(
      '<style>@import "file:///x.css"; p { background: url(file:///a.png) } q { background: url("' +
        PNG +
        '") }</style><p style="background-image: url( \'FILE:///b.png\' ); color: red">x</p>',
    )
    expect(html).not.toMatch(/file:|@import/i)
    expect(html).toContain(`url("${PNG}")`)
    expect(html).toContain('color: red')
  })

  it('declares UTF-8 once, whatever the document declared', () => {
    const html = sanitizeHtml('<head><meta charset="windows-1252"><title>t</title></head><body>x</body>')
    const metas = elements(html).filter((element) => element.tagName === 'meta')
    expect(metas.map((meta) => attribute(meta, 'content'))).toEqual(['text/html; charset=utf-8'])
  })

  it('keeps text and plain markup as it was', () => {
    const html = sanitizeHtml(
      '<h1 class="t">Offer</h1><p>Signed by the client: /sn1/ &amp; **signature_1**</p>',
    )
    expect(html).toContain('<h1 class="t">Offer</h1><p>Signed by the client: /sn1/ &amp; **signature_1**</p>')
  })

  describe('property: nothing but raster data: URLs survives, whatever the markup', () => {
    const scheme = fc.constantFrom('file', 'http', 'https', 'ftp', 'smb', 'javascript', 'data', 'mailto')
    const spelled = (text: string) =>
      fc
        .array(fc.constantFrom('plain', 'upper', 'decimal', 'hex', 'tab'), {
          minLength: text.length,
          maxLength: text.length,
        })
        .map((ways) =>
          [...text]
            .map((char, index) => {
              const way = ways[index]
              if (way === 'upper') return char.toUpperCase()
              if (way === 'decimal') return `&#${char.charCodeAt(0)};`
              if (way === 'hex') return `&#x${char.charCodeAt(0).toString(16)};`
              if (way === 'tab') return `&#9;${char}`
              return char
            })
            .join(''),
        )
    const url = fc.oneof(
      fc
        .tuple(
          scheme,
          fc.constantFrom('///etc/passwd', '//host/x.png', 'image/png;base64,AAAA', 'image/svg+xml,<svg/>'),
        )
        .chain(([name, rest]) => spelled(name).map((prefix) => `${prefix}:${rest}`)),
      fc.constantFrom('../../etc/passwd', '/etc/passwd', '//host/share/a.png', ' logo.png', PNG),
    )
    const attributeName = fc.constantFrom(
      'src',
      'href',
      'background',
      'poster',
      'data',
      'srcset',
      'lowsrc',
      'action',
    )
    const tag = fc.constantFrom(
      'img',
      'a',
      'p',
      'td',
      'div',
      'body',
      'iframe',
      'object',
      'link',
      'input',
      'span',
    )
    const snippet = fc
      .tuple(tag, attributeName, url, fc.constantFrom('url', 'style', 'none'))
      .map(([name, attributeNameValue, value, style]) => {
        const quoted = value.replaceAll('"', '&quot;')
        const css = style === 'url' ? ` style="background: url('${quoted}')"` : style === 'style' ? '' : ''
        const extra =
          style === 'style' ? `<style>p { background: url(${value.replaceAll('<', '')}) }</style>` : ''
        return `${extra}<${name} ${attributeNameValue}="${quoted}"${css}>text</${name}>`
      })

    it('holds for generated documents, and sanitizing twice changes nothing more', () => {
      fc.assert(
        fc.property(fc.array(snippet, { maxLength: 8 }), (snippets) => {
          const sanitized = sanitizeHtml(`<html><body>${snippets.join('')}</body></html>`)
          for (const element of elements(sanitized)) {
            expect(['iframe', 'object', 'link', 'embed', 'base', 'script']).not.toContain(element.tagName)
            for (const { name, value } of element.attrs) {
              if (name === 'style') {
                expect(value).not.toMatch(/@import|\\/)
                for (const [, inner] of value.matchAll(/url\(\s*["']?([^"')]*)/gi)) {
                  expect(inner).toMatch(/^data:image\/png/i)
                }
                continue
              }
              if (
                !['src', 'href', 'background', 'poster', 'data', 'srcset', 'lowsrc', 'action'].includes(name)
              )
                continue
              const isLink =
                element.tagName === 'a' && ['http', 'https', 'mailto'].includes(urlScheme(value) ?? '')
              expect(
                isLink || /^data:image\/png;/i.test(value),
                `${element.tagName} ${name}="${value}"`,
              ).toBe(true)
            }
            if (element.tagName === 'style') {
              const css = element.childNodes.map((child) => ('value' in child ? child.value : '')).join('')
              expect(css.replace(/url\("data:image\/png;base64,[\w=]+"\)/gi, '')).not.toMatch(/url\s*\(/i)
            }
          }
          expect(sanitizeHtml(sanitized)).toBe(sanitized)
        }),
        { numRuns: 300 },
      )
    })
  })
})

describe('sanitizeCss', () => {
  it('drops CSS with escapes, which could spell url or a scheme', () => {
    expect(sanitizeCss('p { background: u\\72l(file:///x) }')).toBeUndefined()
    expect(sanitizeCss('p { background: url(fi\\6c e:///x) }')).toBeUndefined()
  })

  it('sees through comments and spaces between url and its parenthesis', () => {
    expect(sanitizeCss('p { background: u/**/rl(file:///x) }')).toBe('p { background: none }')
    expect(sanitizeCss('p { background: url (file:///x) }')).toBe('p { background: none }')
  })

  it('drops CSS whose url( is never closed', () => {
    expect(sanitizeCss('p { background: url("file:///x" }')).toBeUndefined()
  })

  it('removes @import, even of a data: URL', () => {
    expect(sanitizeCss('@import url(data:text/css,p{}); p { color: red }')).toBe(' p { color: red }')
    expect(sanitizeCss('@IMPORT "file:///x.css"')).toBe('')
  })
})

describe('decodeHtml', () => {
  const latin1 = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'))

  it('honours a byte order mark, then a declared charset, then UTF-8, then windows-1252', () => {
    expect(decodeHtml(new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from('café')]))).toBe('café')
    expect(decodeHtml(new Uint8Array(Buffer.from('\ufeffcafé', 'utf16le')))).toBe('café')
    expect(decodeHtml(latin1('<meta charset="iso-8859-1">café'))).toBe('<meta charset="iso-8859-1">café')
    expect(decodeHtml(new Uint8Array(Buffer.from('<p>café</p>')))).toBe('<p>café</p>')
    expect(decodeHtml(latin1('<p>caf\u00e9</p>'))).toBe('<p>café</p>')
    expect(decodeHtml(latin1('<meta charset="no-such-charset"><p>caf\u00e9</p>'))).toBe(
      '<meta charset="no-such-charset"><p>café</p>',
    )
  })
})
