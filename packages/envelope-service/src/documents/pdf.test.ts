import { randomBytes } from 'node:crypto'
import { InvalidRequestError } from 'platform'
import { describe, expect, it } from 'vitest'
import { countPdfPages, DOCUMENT_LIMITS, decodeBase64Strict } from './pdf.js'

describe('decodeBase64Strict', () => {
  it('decodes every padding form', () => {
    for (const text of ['YWJj', 'YWJjZA==', 'YWJjZGU=']) {
      expect(Buffer.from(decodeBase64Strict(text, 'x')).toString()).toBe(
        Buffer.from(text, 'base64').toString(),
      )
    }
  })

  it('rejects misplaced or excess padding', () => {
    for (const text of ['YW=j', 'Y===', '====', 'YWJjZA=a', '=WJj', 'YWJjZ===']) {
      expect(() => decodeBase64Strict(text, 'f')).toThrow('f is not valid base64')
    }
  })

  it('rejects characters outside the standard alphabet, including URL-safe ones and whitespace', () => {
    for (const text of ['YWJ-', 'YWJ_', 'YW J', 'YWJj\r\n', 'YWJj\u0000AAA']) {
      expect(() => decodeBase64Strict(text, 'f')).toThrow('f is not valid base64')
    }
  })

  it('decodes 25 MiB without overflowing the stack, byte for byte', () => {
    const bytes = randomBytes(25 * 1024 * 1024)
    const decoded = decodeBase64Strict(bytes.toString('base64'), 'f')
    expect(decoded).toBeInstanceOf(Uint8Array)
    expect(Buffer.compare(Buffer.from(decoded), bytes)).toBe(0)
  })

  it('rejects one bad character at the end of a large text', () => {
    const text = `${randomBytes(6 * 1024 * 1024)
      .toString('base64')
      .slice(0, -4)}AAA!`
    expect(() => decodeBase64Strict(text, 'f')).toThrow('f is not valid base64')
  })
})

/** A PDF whose page tree names one page `pages` times: a few bytes per page, as an attacker would send. */
function sharedPagePdf(pages: number): Uint8Array {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${Array.from({ length: pages }, () => '3 0 R').join(' ')}] /Count ${pages} >>`,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
  ]
  let text = '%PDF-1.7\n'
  const offsets: number[] = []
  for (const [index, body] of objects.entries()) {
    offsets.push(text.length)
    text += `${index + 1} 0 obj\n${body}\nendobj\n`
  }
  const xref = text.length
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  text += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return new TextEncoder().encode(text)
}

describe('countPdfPages', () => {
  it(`accepts up to ${DOCUMENT_LIMITS.maxPages} pages and refuses more with a 400 that says what to do`, async () => {
    expect(await countPdfPages(sharedPagePdf(DOCUMENT_LIMITS.maxPages), 'documents[0]')).toBe(2000)
    const refused = countPdfPages(sharedPagePdf(20_000), 'documents[0].documentBase64')
    await expect(refused).rejects.toBeInstanceOf(InvalidRequestError)
    await expect(refused).rejects.toThrow(
      'documents[0].documentBase64 has 20,000 pages; a document may have at most 2,000: split it into several documents',
    )
  })
})
