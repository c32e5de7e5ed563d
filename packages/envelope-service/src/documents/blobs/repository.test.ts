import { createHash } from 'node:crypto'
import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestService, type TestService } from '../../testing/harness.js'
import { countPdfPages, decodeBase64Strict } from '../pdf.js'
import { makePdf, makePdfBase64 } from '../test-pdfs.js'
import { blobIdOf, getBlob, putBlob } from './repository.js'

describeEachDatabase('document blob store', (databases) => {
  let service: TestService
  beforeAll(async () => {
    service = await startTestService(await databases.freshUrl())
  })
  afterAll(() => service.close())

  it('stores bytes under their SHA-256 hex digest and returns them unchanged', async () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 255])
    const id = await putBlob(service.ctx.db, bytes)
    expect(id).toBe(createHash('sha256').update(bytes).digest('hex'))
    expect(blobIdOf(bytes)).toBe(id)
    expect(id).toMatch(/^[0-9a-f]{64}$/)
    expect(await getBlob(service.ctx.db, id)).toEqual(bytes)
  })

  it('keeps one copy when the same bytes are stored twice', async () => {
    const bytes = await makePdf(2)
    const first = await putBlob(service.ctx.db, bytes)
    const second = await putBlob(service.ctx.db, new Uint8Array(bytes))
    expect(second).toBe(first)
    const rows = await service.ctx.db
      .selectFrom('document_blobs')
      .select('id')
      .where('id', '=', first)
      .execute()
    expect(rows).toHaveLength(1)
  })

  it('returns undefined for an unknown blob', async () => {
    expect(await getBlob(service.ctx.db, '0'.repeat(64))).toBeUndefined()
  })
})

/** What a document upload goes through: strict base64, then a PDF with pages. */
async function inspectPdf(base64: string, field: string) {
  const bytes = decodeBase64Strict(base64, field)
  return { bytes, pages: await countPdfPages(bytes, field) }
}

describe('PDF inspection', () => {
  it('reads the page count from the PDF', async () => {
    for (const pages of [1, 3, 7]) {
      const inspected = await inspectPdf(await makePdfBase64(pages), 'documents[0].documentBase64')
      expect(inspected.pages).toBe(pages)
    }
  })

  it('returns the decoded bytes', async () => {
    const bytes = await makePdf(1)
    const inspected = await inspectPdf(Buffer.from(bytes).toString('base64'), 'd')
    expect(inspected.bytes).toEqual(bytes)
  })

  it('rejects invalid base64 naming the field', () => {
    for (const text of ['not base64!', 'abc', 'YWJj\nZA==', 'YW=j', 'YWJjZA=']) {
      expect(() => decodeBase64Strict(text, 'documents[0].documentBase64')).toThrow(
        'documents[0].documentBase64 is not valid base64',
      )
    }
    expect(() => decodeBase64Strict('', 'x')).toThrow('x must not be empty')
  })

  it('rejects bytes that are not a PDF', async () => {
    const text = Buffer.from('Hello, this is plain text and not a PDF').toString('base64')
    await expect(inspectPdf(text, 'documents[1].documentBase64')).rejects.toThrow(
      'documents[1].documentBase64 is not a valid PDF',
    )
  })

  it('rejects a PDF header followed by garbage', async () => {
    const text = Buffer.from('%PDF-1.7\nthis is not really a pdf at all').toString('base64')
    await expect(inspectPdf(text, 'doc')).rejects.toThrow('doc is not a valid PDF')
  })

  it('rejects a truncated PDF', async () => {
    const bytes = await makePdf(2)
    const text = Buffer.from(bytes.subarray(0, 40)).toString('base64')
    await expect(inspectPdf(text, 'doc')).rejects.toThrow('doc is not a valid PDF')
  })
})
