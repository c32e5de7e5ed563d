import {
  degrees,
  type PDFDocument,
  type PDFFont,
  type PDFImage,
  type PDFPage,
  rgb,
  StandardFonts,
} from 'pdf-lib'
import { InvalidRequestError } from 'platform'
import {
  normaliseRotation,
  type PageBox,
  type Point,
  toUserSpace,
} from '../documents/pdf-text/page-geometry.js'
import type { Stamp, StampFont } from './stamps.js'

/**
 * Draws a stamp plan into one loaded document. Every mark is drawn upright for the reader: positions
 * go through the page's crop box and rotation, and marks are turned with the page. Characters the
 * standard fonts cannot encode (outside Windows-1252) are drawn as "?" rather than failing completion.
 */

const INK = rgb(0.05, 0.1, 0.35)

const STANDARD_FONTS: Record<StampFont, StandardFonts> = {
  courier: StandardFonts.Courier,
  'courier-bold': StandardFonts.CourierBold,
  helvetica: StandardFonts.Helvetica,
  'helvetica-bold': StandardFonts.HelveticaBold,
  times: StandardFonts.TimesRoman,
  'times-bold': StandardFonts.TimesRomanBold,
}

interface DrawingContext {
  document: PDFDocument
  fonts: Map<StampFont, { font: PDFFont; characters: Set<number> }>
  images: Map<string, PDFImage>
}

export async function drawStamps(document: PDFDocument, stamps: Stamp[]): Promise<void> {
  const context: DrawingContext = { document, fonts: new Map(), images: new Map() }
  const pages = document.getPages()
  for (const stamp of stamps) {
    const page = pages[stamp.pageNumber - 1]
    if (!page) {
      throw new InvalidRequestError(
        `Tab on page ${stamp.pageNumber} of document ${stamp.documentId}, which has ${pages.length} pages`,
      )
    }
    await drawStamp(context, page, stamp)
  }
}

export function pageBox(page: PDFPage): PageBox {
  const crop = page.getCropBox()
  return { ...crop, rotation: normaliseRotation(page.getRotation().angle) }
}

async function drawStamp(context: DrawingContext, page: PDFPage, stamp: Stamp): Promise<void> {
  const box = pageBox(page)
  const at = (point: Point) => toUserSpace(box, point)
  const rotate = degrees(box.rotation)
  switch (stamp.kind) {
    case 'text': {
      const { font, characters } = await fontFor(context, stamp.font)
      const ascent = font.heightAtSize(stamp.fontSize, { descender: false })
      const origin = at({ x: stamp.x, y: stamp.y + ascent })
      page.drawText(encodable(stamp.text, characters), {
        ...origin,
        size: stamp.fontSize,
        font,
        color: INK,
        rotate,
      })
      return
    }
    case 'check': {
      const origin = at({ x: stamp.x, y: stamp.y })
      const scale = stamp.size / 12
      page.drawSvgPath('M 2 6.5 L 5 10 L 10.5 2', {
        ...origin,
        scale,
        rotate,
        borderColor: INK,
        borderWidth: 1.6,
      })
      return
    }
    case 'dot': {
      const center = at({ x: stamp.x + stamp.size / 2, y: stamp.y + stamp.size / 2 })
      page.drawCircle({ ...center, size: stamp.size / 3, color: INK })
      return
    }
    case 'image': {
      const image = await imageFor(context, stamp.dataUrl)
      const scale = Math.min(stamp.maxWidth / image.width, stamp.maxHeight / image.height)
      const width = image.width * scale
      const height = image.height * scale
      const origin = at({ x: stamp.x, y: stamp.y + height })
      page.drawImage(image, { ...origin, width, height, rotate })
      return
    }
  }
}

async function fontFor(context: DrawingContext, name: StampFont) {
  let entry = context.fonts.get(name)
  if (!entry) {
    const font = await context.document.embedFont(STANDARD_FONTS[name])
    entry = { font, characters: new Set(font.getCharacterSet()) }
    context.fonts.set(name, entry)
  }
  return entry
}

/** `text` with characters the font cannot encode replaced by "?" and line breaks by spaces. */
export function encodable(text: string, characters: Set<number>): string {
  return Array.from(text.replace(/[\r\n\t]+/g, ' '))
    .map((character) => (characters.has(character.codePointAt(0) ?? 0) ? character : '?'))
    .join('')
}

async function imageFor(context: DrawingContext, dataUrl: string): Promise<PDFImage> {
  let image = context.images.get(dataUrl)
  if (!image) {
    image = await embedDataUrlImage(context.document, dataUrl)
    context.images.set(dataUrl, image)
  }
  return image
}

const DATA_URL = /^data:image\/(png|jpeg|jpg);base64,([A-Za-z0-9+/]+={0,2})$/

/** Embeds a PNG or JPEG data URL (an adopted signature); 400 when it is neither. */
export async function embedDataUrlImage(document: PDFDocument, dataUrl: string): Promise<PDFImage> {
  const match = DATA_URL.exec(dataUrl)
  if (!match) throw new InvalidRequestError('A signature image must be a PNG or JPEG data URL')
  const bytes = Buffer.from(match[2] ?? '', 'base64')
  try {
    return match[1] === 'png' ? await document.embedPng(bytes) : await document.embedJpg(bytes)
  } catch (cause) {
    throw new InvalidRequestError('A signature image could not be read', { cause })
  }
}
