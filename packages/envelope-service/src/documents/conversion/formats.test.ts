import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ACCEPTED_EXTENSIONS, extensionOf, formatOf, normalizeExtension } from './formats.js'

const randomCase = (text: string) =>
  fc
    .array(fc.boolean(), { minLength: text.length, maxLength: text.length })
    .map((upper) => [...text].map((char, i) => (upper[i] ? char.toUpperCase() : char)).join(''))

describe('document formats', () => {
  it('accepts every format the issue lists', () => {
    for (const extension of [
      'html',
      'htm',
      'docx',
      'doc',
      'odt',
      'rtf',
      'txt',
      'xlsx',
      'png',
      'jpg',
      'jpeg',
      'pdf',
    ]) {
      expect(formatOf(extension), extension).toBeDefined()
    }
    expect(formatOf('png')?.converter).toBe('image')
    expect(formatOf('pdf')?.converter).toBe('pdf')
    expect(formatOf('docx')?.converter).toBe('libreoffice')
  })

  it('reads presentations with LibreOffice Impress', () => {
    for (const extension of ['pptx', 'ppt', 'odp', 'ppsx', 'pps']) {
      expect(formatOf(extension), extension).toEqual({
        converter: 'libreoffice',
        content: 'office',
        module: 'impress',
      })
    }
    expect(formatOf('docx')?.module).toBeUndefined()
  })

  it('checks the content of every LibreOffice format before converting it', () => {
    for (const extension of ACCEPTED_EXTENSIONS) {
      const format = formatOf(extension)
      if (format?.converter === 'libreoffice') expect(format.content, extension).toBeDefined()
    }
    expect(formatOf('html')?.content).toBe('html')
    expect(formatOf('txt')?.content).toBe('text')
  })

  it('matches an extension without regard to case, a leading dot or spaces', () => {
    fc.assert(
      fc.property(
        fc
          .constantFrom(...ACCEPTED_EXTENSIONS)
          .chain((extension) => fc.tuple(fc.constant(extension), randomCase(extension), fc.boolean())),
        ([extension, spelled, dotted]) => {
          const given = ` ${dotted ? '.' : ''}${spelled} `
          expect(normalizeExtension(given)).toBe(extension)
          expect(formatOf(given)).toBe(formatOf(extension))
        },
      ),
    )
  })

  it('does not take inherited property names for formats', () => {
    expect(formatOf('constructor')).toBeUndefined()
    expect(formatOf('__proto__')).toBeUndefined()
  })

  describe('extensionOf', () => {
    it('prefers fileExtension, then an accepted extension of the name, then pdf', () => {
      expect(extensionOf('DOCX', 'offer.html')).toBe('docx')
      expect(extensionOf(undefined, 'Offer.HTML')).toBe('html')
      expect(extensionOf('', 'offer.txt')).toBe('txt')
      expect(extensionOf(undefined, 'offer.v2')).toBe('pdf')
      expect(extensionOf(undefined, 'Offer')).toBe('pdf')
      expect(extensionOf(undefined, '.docx')).toBe('pdf')
      expect(extensionOf(undefined, undefined)).toBe('pdf')
    })
  })
})
