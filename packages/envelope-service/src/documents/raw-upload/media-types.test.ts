import { describe, expect, it } from 'vitest'
import { isDocumentMediaType, rawUploadExtension, rawUploadHeaders } from './media-types.js'

describe('raw document uploads: what the headers say', () => {
  it('reads the media type without parameters, in any case', () => {
    expect(rawUploadHeaders('Application/PDF; charset=binary', undefined)).toEqual({
      mediaType: 'application/pdf',
    })
  })

  it("reads Content-Disposition's file name (quoted or not) and fileExtension", () => {
    expect(
      rawUploadHeaders('application/octet-stream', 'file; filename="Offer \\"B\\".docx"; documentid=3'),
    ).toEqual({
      mediaType: 'application/octet-stream',
      fileName: 'Offer "B".docx',
    })
    expect(
      rawUploadHeaders('application/octet-stream', 'file; filename=offer.odt; fileExtension=ODT'),
    ).toEqual({
      mediaType: 'application/octet-stream',
      fileName: 'offer.odt',
      fileExtension: 'ODT',
    })
  })

  it('takes an explicit fileExtension first, then the media type; PDF and octet-stream leave it to the bytes and name', () => {
    const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
    expect(rawUploadExtension({ mediaType: docx })).toBe('docx')
    expect(rawUploadExtension({ mediaType: 'application/pdf', fileExtension: '.DOCX' })).toBe('docx')
    expect(rawUploadExtension({ mediaType: 'application/pdf' })).toBeUndefined()
    expect(rawUploadExtension({ mediaType: 'application/octet-stream', fileName: 'a.docx' })).toBeUndefined()
    expect(rawUploadExtension({ mediaType: 'image/jpeg' })).toBe('jpg')
  })

  it('knows the media types of the accepted formats, and no others', () => {
    expect(isDocumentMediaType('text/plain')).toBe(true)
    expect(isDocumentMediaType('application/octet-stream')).toBe(true)
    expect(isDocumentMediaType('application/zip')).toBe(false)
    expect(isDocumentMediaType('')).toBe(false)
    expect(isDocumentMediaType('constructor')).toBe(false)
  })
})
