import { PDFDocument, StandardFonts } from 'pdf-lib'

/** A real PDF with `pages` pages, each saying which page it is (for tests and fixtures). */
export async function makePdf(pages: number, title = 'Test document'): Promise<Uint8Array> {
  const document = await PDFDocument.create()
  const font = await document.embedFont(StandardFonts.Helvetica)
  for (let index = 1; index <= pages; index++) {
    const page = document.addPage([612, 792])
    page.drawText(`${title}, page ${index} of ${pages}`, { x: 72, y: 720, size: 14, font })
  }
  return document.save()
}

export async function makePdfBase64(pages: number, title?: string): Promise<string> {
  return Buffer.from(await makePdf(pages, title)).toString('base64')
}
