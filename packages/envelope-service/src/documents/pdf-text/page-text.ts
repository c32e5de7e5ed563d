import type { TextItem } from 'pdfjs-dist/types/src/display/api.js'
import { normaliseRotation, type PageBox, type Point, toDisplaySpace } from './page-geometry.js'
import { loadPdfJs } from './pdfjs.js'

/**
 * The text of each page with where it is drawn, for anchor tabs. pdf.js reports text in runs with a
 * baseline transform and an advance width; a character's position inside a run is interpolated along
 * the run, which is exact for monospaced text and close enough for proportional fonts to place a tab.
 */

/** A run of text, positioned in DocuSign's displayed top-left space. */
export interface TextRun {
  text: string
  /** Top-left corner of the run's first character (the top at baseline + font size). */
  start: Point
  /** Top-right corner of the run's last character. */
  end: Point
  fontSize: number
  /** The run is the last on its line. */
  endsLine: boolean
}

export interface PageText {
  pageNumber: number
  runs: TextRun[]
}

export async function extractPageText(pdfBytes: Uint8Array): Promise<PageText[]> {
  // pdf.js detaches the buffer it is given; it gets a copy so the caller's bytes stay usable.
  const { getDocument } = await loadPdfJs()
  const document = await getDocument({
    data: pdfBytes.slice(),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  }).promise
  try {
    const pages: PageText[] = []
    for (let pageNumber = 1; pageNumber <= document.numPages; pageNumber++) {
      const page = await document.getPage(pageNumber)
      const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = page.view
      const box: PageBox = {
        x: x1,
        y: y1,
        width: x2 - x1,
        height: y2 - y1,
        rotation: normaliseRotation(page.rotate),
      }
      const content = await page.getTextContent()
      const runs: TextRun[] = []
      for (const item of content.items) {
        if (!('str' in item)) continue
        runs.push(toRun(box, item))
      }
      pages.push({ pageNumber, runs })
      page.cleanup()
    }
    return pages
  } finally {
    await document.destroy()
  }
}

function toRun(box: PageBox, item: TextItem): TextRun {
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = item.transform as number[]
  const advance = Math.hypot(a, b) || 1
  const fontSize = Math.hypot(c, d) || item.height || 1
  const along = { x: a / advance, y: b / advance }
  const up = { x: c / fontSize, y: d / fontSize }
  const topStart = { x: e + up.x * fontSize, y: f + up.y * fontSize }
  const topEnd = { x: topStart.x + along.x * item.width, y: topStart.y + along.y * item.width }
  return {
    text: item.str,
    start: toDisplaySpace(box, topStart),
    end: toDisplaySpace(box, topEnd),
    fontSize,
    endsLine: item.hasEOL,
  }
}
