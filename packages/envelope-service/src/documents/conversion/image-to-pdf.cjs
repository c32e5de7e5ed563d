/**
 * A PNG or JPEG as a one-page US Letter PDF (DocuSign's default page): the image at the top, centred,
 * inside half-inch margins, at one pixel a point or scaled down to fit (never up). Plain CommonJS, so
 * Node also runs it as a child process without a TypeScript loader (images.ts does that for PNGs,
 * whose decoding takes pdf-lib seconds of CPU that must not stall the event loop).
 * As a script: argv <pdf-lib module path> <png|jpg|jpeg>, the image on stdin, the PDF on stdout; exit
 * 2 with a message on stderr when the image is not readable.
 */

const LETTER = { width: 612, height: 792 }
const MARGIN = 36

class UnreadableImage extends Error {}

async function imageToPdf(PDFDocument, bytes, extension) {
  const pdf = await PDFDocument.create()
  let image
  try {
    // A copy at offset 0: pdf-lib's JPEG reader views `bytes.buffer` from its start, and a Buffer may
    // be a slice of a larger pooled one.
    const data = new Uint8Array(bytes)
    image = extension === 'png' ? await pdf.embedPng(data) : await pdf.embedJpg(data)
  } catch {
    throw new UnreadableImage(`not a readable ${extension.toUpperCase()} image`)
  }
  const box = { width: LETTER.width - 2 * MARGIN, height: LETTER.height - 2 * MARGIN }
  const scale = Math.min(1, box.width / image.width, box.height / image.height)
  const width = image.width * scale
  const height = image.height * scale
  const page = pdf.addPage([LETTER.width, LETTER.height])
  page.drawImage(image, { x: (LETTER.width - width) / 2, y: LETTER.height - MARGIN - height, width, height })
  return pdf.save()
}

async function main() {
  const { PDFDocument } = require(process.argv[2])
  const chunks = []
  for await (const chunk of process.stdin) chunks.push(chunk)
  try {
    process.stdout.write(await imageToPdf(PDFDocument, Buffer.concat(chunks), process.argv[3]))
  } catch (error) {
    process.stderr.write(error instanceof UnreadableImage ? error.message : String(error?.stack ?? error))
    process.exit(error instanceof UnreadableImage ? 2 : 1)
  }
}

if (require.main === module) main()

module.exports = { imageToPdf, UnreadableImage }
