import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import {
  prepareOfficeDocument,
  UnreadableDocumentError,
  withoutExternalReferences,
} from './office-package.js'
import { odfPackage } from './test-files.js'

const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
const rels = (...relationships: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${relationships.join('')}</Relationships>`

/** A DOCX-shaped package with the given relationships of word/document.xml. */
const docx = (relationships: string, document = '<w:document/>') =>
  zipSync({
    '[Content_Types].xml': strToU8('<?xml version="1.0"?><Types/>'),
    'word/document.xml': strToU8(document),
    'word/_rels/document.xml.rels': strToU8(relationships),
    'word/media/image1.png': new Uint8Array([1, 2, 3]),
  })

const part = (zip: Uint8Array, name: string) => strFromU8(unzipSync(zip)[name] as Uint8Array)

const odtContent = (body: string, styles = '') =>
  part(
    withoutExternalReferences(
      odfPackage('application/vnd.oasis.opendocument.text', `<office:text>${body}</office:text>`, styles),
    ),
    'content.xml',
  )

describe('office packages', () => {
  describe('OOXML relationships', () => {
    it('blanks the target of an external image, however TargetMode is spelled', () => {
      for (const mode of ['External', 'external', 'Ext&#101;rnal', ' External ']) {
        const cleaned = part(
          withoutExternalReferences(
            docx(
              rels(
                `<Relationship Id="rId2" Type="${RELATIONSHIPS}/image" Target="file:///etc/secret.png" TargetMode="${mode}"/>`,
              ),
            ),
          ),
          'word/_rels/document.xml.rels',
        )
        expect(cleaned, mode).toContain('Target=""')
        expect(cleaned, mode).not.toContain('secret')
      }
    })

    it('keeps internal parts, http hyperlinks and the relationship types', () => {
      const relationships = rels(
        `<Relationship Id="rId1" Type="${RELATIONSHIPS}/image" Target="media/image1.png"/>`,
        `<Relationship Id="rId2" Type="${RELATIONSHIPS}/image" Target="../word/media/image1.png"/>`,
        `<Relationship Id="rId3" Type="${RELATIONSHIPS}/hyperlink" Target="https://example.com/terms" TargetMode="External"/>`,
      )
      expect(part(withoutExternalReferences(docx(relationships)), 'word/_rels/document.xml.rels')).toBe(
        relationships,
      )
    })

    it('blanks a hyperlink to a local file, an OLE link and an internal target with a scheme', () => {
      const cleaned = part(
        withoutExternalReferences(
          docx(
            rels(
              `<Relationship Id="rId1" Type="${RELATIONSHIPS}/hyperlink" Target="file:///etc/passwd" TargetMode="External"/>`,
              `<Relationship Id="rId2" Type="${RELATIONSHIPS}/oleObject" Target="\\\\server\\share\\book.xlsx" TargetMode="External"/>`,
              `<Relationship Id="rId3" Type="${RELATIONSHIPS}/image" Target="&#102;ile:///etc/secret.png"/>`,
            ),
          ),
        ),
        'word/_rels/document.xml.rels',
      )
      expect(cleaned.match(/Target=""/g)).toHaveLength(3)
    })

    it('blanks local URLs in any attribute, such as a VML image source', () => {
      const cleaned = part(
        withoutExternalReferences(
          docx(
            rels(),
            '<w:document xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office"><v:imagedata src="file:///etc/a.png" o:href="//server/b.png" o:title="FILE://c"/></w:document>',
          ),
        ),
        'word/document.xml',
      )
      expect(cleaned).toBe(
        '<w:document xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office"><v:imagedata src="" o:href="" o:title=""/></w:document>',
      )
    })
  })

  describe('ODF links', () => {
    it('blanks images and backgrounds outside the package, however they are spelled', () => {
      for (const href of [
        'file:///etc/secret.png',
        'FiLe:///etc/secret.png',
        'file&#x3a;///etc/secret.png',
        '&#102;ile:///etc/secret.png',
        '&#x9;file:///etc/secret.png',
        '/etc/secret.png',
        '../../etc/secret.png',
        'Pictures/../../../etc/secret.png',
        '//server/share/secret.png',
        '\\\\server\\share\\secret.png',
        'C:\\secret.png',
        'smb://server/secret.png',
        '&undeclared;',
      ]) {
        const content = odtContent(
          `<text:p><draw:frame><draw:image xlink:href="${href}"/></draw:frame></text:p>`,
          `<style:style style:name="P1"><style:paragraph-properties><style:background-image xlink:href='${href}'/></style:paragraph-properties></style:style>`,
        )
        expect(content, href).toContain('<draw:image xlink:href=""/>')
        expect(content, href).toContain("<style:background-image xlink:href=''/>")
      }
    })

    it('keeps pictures inside the package, internal jumps and web links', () => {
      const body =
        '<text:p><draw:frame><draw:image xlink:href="Pictures/1.png"/></draw:frame><draw:frame><draw:object xlink:href="./Object 1"/></draw:frame>' +
        '<text:a xlink:href="#Terms">terms</text:a><text:a xlink:href="https://example.com">site</text:a><text:a xlink:href="mailto:a@example.com">mail</text:a></text:p>'
      expect(odtContent(body)).toContain(body)
    })

    it('blanks a section, a table or a link that names a local file', () => {
      const content = odtContent(
        '<text:section text:name="S"><text:section-source xlink:href="file:///etc/passwd"/></text:section>' +
          '<text:p><text:a xlink:href="file:///etc/passwd">x</text:a></text:p>',
      )
      expect(content).not.toContain('passwd')
    })

    it('keeps mimetype first and stored, as ODF requires', () => {
      const cleaned = withoutExternalReferences(
        odfPackage('application/vnd.oasis.opendocument.text', '<office:text/>'),
      )
      expect(Buffer.from(cleaned.subarray(30, 38)).toString('latin1')).toBe('mimetype')
      // Compression method 0: stored.
      expect(cleaned[8]).toBe(0)
    })
  })

  describe('refused packages', () => {
    const refuses = (files: Record<string, Uint8Array>, message: RegExp) =>
      expect(() => withoutExternalReferences(zipSync(files))).toThrow(message)

    it('refuses a DOCTYPE or entity declaration, how XML names outside files', () => {
      refuses(
        {
          'content.xml': strToU8(
            '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
          ),
        },
        /content\.xml declares a DOCTYPE/,
      )
    })

    it('refuses XML in an encoding the checks cannot read', () => {
      refuses(
        { 'content.xml': new Uint8Array(Buffer.from('\ufeff<x xlink:href="file:///x"/>', 'utf16le')) },
        /not in an ASCII-compatible encoding/,
      )
      refuses(
        { 'content.xml': strToU8('<?xml version="1.0" encoding="UTF-7"?><x/>') },
        /not in an ASCII-compatible encoding/,
      )
    })

    it('refuses a zip it cannot read', () => {
      const zip = docx(rels())
      expect(() => withoutExternalReferences(zip.slice(0, zip.length - 30))).toThrow(UnreadableDocumentError)
    })
  })

  describe('prepareOfficeDocument', () => {
    it('lets OLE2 compound files and RTF through unchanged', () => {
      const ole2 = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0])
      expect(prepareOfficeDocument(ole2, 'doc')).toBe(ole2)
      const rtf = strToU8('{\\rtf1\\ansi hello}')
      expect(prepareOfficeDocument(rtf, 'rtf')).toBe(rtf)
    })

    it('refuses anything else, such as HTML named .doc, which LibreOffice would read as HTML', () => {
      expect(() =>
        prepareOfficeDocument(strToU8('<html><img src="file:///etc/x.png"></html>'), 'doc'),
      ).toThrow(/^it is not a doc document$/)
      expect(() => prepareOfficeDocument(strToU8(' {\\rtf1}'), 'rtf')).toThrow(UnreadableDocumentError)
    })
  })
})
