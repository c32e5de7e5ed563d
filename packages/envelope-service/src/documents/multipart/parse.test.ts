import fc from 'fast-check'
import { AppError } from 'platform'
import { describe, expect, it } from 'vitest'
import { definitionFromParts } from './definition.js'
import { boundaryOf, parseHeaderValue, parseMultipart } from './parse.js'
import { docusignMultipart, multipartBody } from './test-bodies.js'

const LIMITS = { maxParts: 10, maxHeaderBytes: 1024 }

function expect400(work: () => unknown, message: RegExp) {
  let caught: unknown
  try {
    work()
  } catch (error) {
    caught = error
  }
  expect(caught).toBeInstanceOf(AppError)
  expect((caught as AppError).statusCode).toBe(400)
  expect((caught as AppError).message).toMatch(message)
}

describe('multipart parser', () => {
  it('reads the parts of a body laid out as DocuSign documents it', () => {
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x0d, 0x0a, 0x00, 0xff])
    const body = docusignMultipart('AAA', { emailSubject: 'Hi' }, [
      { documentId: '1', filename: 'a.pdf', contentType: 'application/pdf', bytes: pdf },
    ])
    const parts = parseMultipart(body, 'AAA', LIMITS)
    expect(parts).toHaveLength(2)
    expect(parts[0]?.contentType).toBe('application/json')
    expect(parts[0]?.disposition).toBe('form-data')
    expect(Buffer.from(parts[0]?.body ?? []).toString()).toBe('{"emailSubject":"Hi"}')
    expect(parts[1]?.disposition).toBe('file')
    expect(Object.fromEntries(parts[1]?.dispositionParams ?? [])).toEqual({
      filename: 'a.pdf',
      documentid: '1',
    })
    expect([...(parts[1]?.body ?? [])]).toEqual([...pdf])
  })

  it('round-trips any binary contents, with CRLF or bare LF line breaks and a preamble', () => {
    fc.assert(
      fc.property(
        fc.array(fc.uint8Array({ maxLength: 200 }), { minLength: 1, maxLength: 6 }),
        fc.constantFrom('\r\n', '\n'),
        fc.boolean(),
        (contents, lineBreak, preamble) => {
          const boundary = 'b0undary-7Xq'
          const built = multipartBody(
            boundary,
            contents.map((bytes, index) => ({
              headers: { 'Content-Disposition': `file; documentid="${index + 1}"` },
              body: bytes,
            })),
            lineBreak,
          )
          const body = preamble ? Buffer.concat([Buffer.from(`ignored preamble${lineBreak}`), built]) : built
          // A content that happens to contain the delimiter line is the client's error, as in RFC 2046.
          fc.pre(!contents.some((bytes) => Buffer.from(bytes).includes(`--${boundary}`)))
          // With bare LF breaks, a content ending in CR reads as a CRLF break: RFC 2046 requires CRLF.
          fc.pre(lineBreak === '\r\n' || !contents.some((bytes) => bytes[bytes.length - 1] === 0x0d))
          const parts = parseMultipart(body, boundary, LIMITS)
          expect(parts.map((part) => [...part.body])).toEqual(contents.map((bytes) => [...bytes]))
          expect(parts.map((part) => part.dispositionParams.get('documentid'))).toEqual(
            contents.map((_, index) => String(index + 1)),
          )
        },
      ),
    )
  })

  it('reads quoted and unquoted header parameters without regard to their names’ case', () => {
    expect(parseHeaderValue('File; FileName="a \\"b\\".docx"; DocumentId=3')).toEqual({
      value: 'file',
      params: new Map([
        ['filename', 'a "b".docx'],
        ['documentid', '3'],
      ]),
    })
    expect(boundaryOf('multipart/form-data; boundary="x y"')).toBe('x y')
  })

  it('rejects malformed bodies with a 400', () => {
    expect400(() => boundaryOf('multipart/form-data'), /has no boundary/)
    expect400(() => parseMultipart(Buffer.from('no parts here'), 'AAA', LIMITS), /boundary does not occur/)
    expect400(
      () => parseMultipart(Buffer.from('--AAA\r\nContent-Type: text/plain\r\n\r\nunfinished'), 'AAA', LIMITS),
      /closing boundary is missing/,
    )
    expect400(
      () => parseMultipart(Buffer.from('--AAA\r\nno blank line\r\n--AAA--'), 'AAA', LIMITS),
      /no blank line after its headers/,
    )
  })

  it('enforces its limits on parts and header size', () => {
    const many = multipartBody(
      'AAA',
      Array.from({ length: 11 }, () => ({ headers: { 'Content-Type': 'text/plain' }, body: 'x' })),
    )
    expect400(() => parseMultipart(many, 'AAA', LIMITS), /more than 10 parts/)
    const bigHeader = multipartBody('AAA', [{ headers: { 'X-Padding': 'p'.repeat(2000) }, body: 'x' }])
    expect400(() => parseMultipart(bigHeader, 'AAA', LIMITS), /headers exceed 1024 bytes/)
  })
})

describe('multipart definition', () => {
  const parse = (body: Buffer) => definitionFromParts(parseMultipart(body, 'AAA', LIMITS), JSON.parse)
  const bytes = new TextEncoder().encode('Sign here: /sn1/')

  it('fills each document with the bytes of the part naming its documentid, and its extension from the filename', () => {
    const definition = parse(
      docusignMultipart(
        'AAA',
        {
          Documents: [{ DocumentId: '1', name: 'Terms' }],
          compositeTemplates: [{ document: { documentId: '2', name: 'Annex.html' } }],
        },
        [
          { documentId: '1', filename: 'terms.txt', bytes },
          { documentId: '2', filename: 'annex.bin', bytes },
        ],
      ),
    )
    const base64 = Buffer.from(bytes).toString('base64')
    expect(definition).toEqual({
      Documents: [{ DocumentId: '1', name: 'Terms', documentBase64: base64, fileExtension: 'txt' }],
      compositeTemplates: [{ document: { documentId: '2', name: 'Annex.html', documentBase64: base64 } }],
    })
  })

  it('rejects a request without exactly one JSON part, and parts that name no document', () => {
    expect400(
      () =>
        parse(
          multipartBody('AAA', [{ headers: { 'Content-Disposition': 'file; documentid=1' }, body: 'x' }]),
        ),
      /exactly one part with the JSON definition .* has 0/,
    )
    expect400(
      () =>
        parse(docusignMultipart('AAA', { documents: [] }, [{ documentId: '7', filename: 'x.pdf', bytes }])),
      /multipart part 2: documentid 7 is not a document of the definition/,
    )
    expect400(
      () =>
        parse(
          docusignMultipart('AAA', { documents: [{ documentId: '1', name: 'A' }] }, [
            { documentId: '1', filename: 'x.pdf', bytes },
            { documentId: '1', filename: 'y.pdf', bytes },
          ]),
        ),
      /multipart part 3: documentid 1 is sent twice/,
    )
    expect400(
      () =>
        parse(
          multipartBody('AAA', [
            { headers: { 'Content-Type': 'application/json' }, body: '{}' },
            { headers: { 'Content-Disposition': 'file; filename="a.pdf"' }, body: 'x' },
          ]),
        ),
      /multipart part 2 has no documentid/,
    )
  })
})
