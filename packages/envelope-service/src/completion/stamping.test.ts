import { PDFDocument } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import { extractPageText } from '../documents/pdf-text/page-text.js'
import { drawStamps } from './stamping.js'
import type { Stamp } from './stamps.js'
import { pdfWithText, signaturePng } from './test-fixtures.js'
import { pdfWords } from './test-poppler.js'

async function stampAndRead(stamps: Stamp[], rotate?: number) {
  const document = await PDFDocument.load(await pdfWithText([[]], { rotate }))
  await drawStamps(document, stamps)
  const bytes = await document.save()
  const [page] = await extractPageText(bytes)
  return { bytes, runs: page?.runs ?? [] }
}

const text = (x: number, y: number, value: string): Stamp => ({
  documentId: '1',
  pageNumber: 1,
  x,
  y,
  kind: 'text',
  text: value,
  fontSize: 10,
  font: 'courier',
})

describe('drawStamps', () => {
  it('draws text with its top-left at the tab position (DocuSign top-left points)', async () => {
    const { runs } = await stampAndRead([text(100, 200, 'Stamped value')])
    expect(runs.map((run) => run.text)).toEqual(['Stamped value'])
    expect(runs[0]?.start.x).toBeCloseTo(100, 0)
    // The run's top is the baseline plus the font size; the tab's top is the font's ascent above the baseline.
    expect(runs[0]?.start.y).toBeGreaterThan(196)
    expect(runs[0]?.start.y).toBeLessThan(202)
  })

  it('measures positions from the crop box, the page a reader sees (checked with poppler)', async () => {
    const document = await PDFDocument.create()
    const page = document.addPage([612, 792])
    page.setCropBox(50, 60, 500, 700)
    await drawStamps(document, [text(100, 200, 'Cropped')])
    const [word] = await pdfWords(await document.save())
    // poppler reports media-box coordinates: the crop box starts 50 pt right and 792 - 760 = 32 pt down.
    expect(word?.text).toBe('Cropped')
    expect(word?.xMin).toBeCloseTo(150, 1)
    expect(word?.yMin).toBeCloseTo(232, 0)
  })

  it('draws upright text at the displayed position on a page turned by /Rotate', async () => {
    const { runs } = await stampAndRead([text(100, 200, 'Turned')], 90)
    expect(runs[0]?.text).toBe('Turned')
    expect(runs[0]?.start.x).toBeCloseTo(100, 0)
    expect(runs[0]?.start.y).toBeGreaterThan(196)
    expect(runs[0]?.start.y).toBeLessThan(202)
    // Upright for the reader: the run advances to the right on the displayed page.
    expect((runs[0]?.end.x ?? 0) - (runs[0]?.start.x ?? 0)).toBeCloseTo(6 * 6, 0)
  })

  it('replaces characters the standard fonts cannot encode instead of failing', async () => {
    const { runs } = await stampAndRead([text(50, 50, 'Zoë 李 ✓')])
    expect(runs[0]?.text).toBe('Zoë ? ?')
  })

  it('embeds each signature image once however many tabs show it', async () => {
    const dataUrl = signaturePng()
    const image = (x: number): Stamp => ({
      documentId: '1',
      pageNumber: 1,
      x,
      y: 100,
      kind: 'image',
      dataUrl,
      maxWidth: 144,
      maxHeight: 36,
    })
    const { bytes } = await stampAndRead([image(10), image(200), image(400)])
    const document = await PDFDocument.load(bytes)
    const images = document.context
      .enumerateIndirectObjects()
      .filter(([, object]) => object.toString().includes('/Subtype /Image'))
    // One image and its alpha channel (an /SMask image of its own), not one pair per tab.
    expect(images).toHaveLength(2)
    expect(images.filter(([, object]) => object.toString().includes('/SMask'))).toHaveLength(1)
  })

  it('is 400 for a signature that is not a PNG or JPEG data URL, and for a page the document lacks', async () => {
    const image: Stamp = {
      documentId: '1',
      pageNumber: 1,
      x: 1,
      y: 1,
      kind: 'image',
      dataUrl: 'data:image/gif;base64,R0lG',
      maxWidth: 9,
      maxHeight: 9,
    }
    await expect(stampAndRead([image])).rejects.toMatchObject({ statusCode: 400 })
    await expect(stampAndRead([{ ...image, dataUrl: 'data:image/png;base64,AAAA' }])).rejects.toThrow(
      'could not be read',
    )
    await expect(stampAndRead([{ ...text(1, 1, 'x'), pageNumber: 2 }])).rejects.toThrow('which has 1 pages')
  })
})
