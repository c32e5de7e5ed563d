import { normaliseRotation, type PageBox, type Point, toDisplaySpace } from './page-geometry.js'

/**
 * The text of each page with where it is drawn, for anchor tabs. pdf.js reports text in runs with a
 * baseline transform and an advance width; a character's position inside a run is interpolated along
 * the run, which is exact for monospaced text and close enough for proportional fonts to place a tab.
 *
 * Pure, so the template builder turns the text pdf.js gives it in the browser into the same runs.
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

/** What pdf.js reports for a text item (its `TextItem`), as far as runs need it. */
export interface TextItemLike {
  str: string
  transform: number[]
  width: number
  height: number
  hasEOL: boolean
}

/** The page's visible box from pdf.js's `page.view` and `page.rotate`. */
export function pageBoxOf(view: number[], rotate: number): PageBox {
  const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = view
  return { x: x1, y: y1, width: x2 - x1, height: y2 - y1, rotation: normaliseRotation(rotate) }
}

export function toRun(box: PageBox, item: TextItemLike): TextRun {
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = item.transform
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
