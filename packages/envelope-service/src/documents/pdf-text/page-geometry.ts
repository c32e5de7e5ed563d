/**
 * DocuSign places tabs in points from the top-left corner of the page as a reader sees it; PDF draws in
 * user space from the bottom-left of the media box. The visible page is the crop box turned clockwise by
 * the page's `/Rotate`, so both mappings go through the crop box and the rotation.
 */

export type PageRotation = 0 | 90 | 180 | 270

/** The visible region of a page in user space, and its clockwise display rotation. */
export interface PageBox {
  x: number
  y: number
  width: number
  height: number
  rotation: PageRotation
}

export interface Point {
  x: number
  y: number
}

/** `/Rotate` as one of the four quarter turns (any multiple of 90, negative included). */
export function normaliseRotation(degrees: number): PageRotation {
  const quarter = (((Math.round(degrees / 90) % 4) + 4) % 4) as 0 | 1 | 2 | 3
  return ([0, 90, 180, 270] as const)[quarter]
}

/** A displayed top-left point (DocuSign's tab coordinates) in user space. */
export function toUserSpace(box: PageBox, point: Point): Point {
  const { x: u, y: v } = point
  switch (box.rotation) {
    case 0:
      return { x: box.x + u, y: box.y + box.height - v }
    case 90:
      return { x: box.x + v, y: box.y + u }
    case 180:
      return { x: box.x + box.width - u, y: box.y + v }
    case 270:
      return { x: box.x + box.width - v, y: box.y + box.height - u }
  }
}

/** A user-space point as a displayed top-left point: the inverse of `toUserSpace`. */
export function toDisplaySpace(box: PageBox, point: Point): Point {
  const dx = point.x - box.x
  const dy = point.y - box.y
  switch (box.rotation) {
    case 0:
      return { x: dx, y: box.height - dy }
    case 90:
      return { x: dy, y: dx }
    case 180:
      return { x: box.width - dx, y: dy }
    case 270:
      return { x: box.height - dy, y: box.width - dx }
  }
}
