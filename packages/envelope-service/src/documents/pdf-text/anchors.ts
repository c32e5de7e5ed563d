import { setImmediate } from 'node:timers/promises'
import { InvalidRequestError } from 'platform'
import {
  type AnchorPlacement,
  type AnchorSpec,
  isTrue,
  matchAnchors,
  POINTS_PER_UNIT,
} from './anchor-match.js'
import type { PageText } from './text-runs.js'

export type { AnchorPlacement, AnchorSpec } from './anchor-match.js'

/** Anchor tabs on the server: offsets checked, matching (anchor-match.ts) run over a PDF's text. */

/** An anchor offset in points; 400 naming the field when the number or unit is not DocuSign's. */
export function offsetInPoints(value: string | undefined, units: string | undefined, field: string): number {
  const unit = (units ?? 'pixels').toLowerCase()
  const scale = POINTS_PER_UNIT[unit]
  if (scale === undefined) {
    throw new InvalidRequestError(`anchorUnits must be one of pixels, inches, mms, cms (got "${units}")`)
  }
  if (value === undefined || value.trim() === '') return 0
  const number = Number(value)
  if (!Number.isFinite(number)) throw new InvalidRequestError(`${field} must be a number (got "${value}")`)
  return number * scale
}

/**
 * Pages searched between two yields to the event loop: preparing a page's text for the search costs
 * about 1.8 ms for a dense page (40 lines), so a 2,000-page document held the loop for 3.6 s in one
 * piece; now other requests are served between slices of about 45 ms.
 */
const PAGES_PER_SLICE = 25

/**
 * Every occurrence of each anchor on the given pages, in page and reading order (with a `limit`, more
 * than `limit` of them as soon as there are); 400 for the first offset that is not DocuSign's.
 */
export async function searchAnchors(
  pages: PageText[],
  anchors: AnchorSpec[],
  limit = Number.POSITIVE_INFINITY,
): Promise<AnchorPlacement[]> {
  for (const anchor of anchors) {
    offsetInPoints(anchor.anchorXOffset, anchor.anchorUnits, 'anchorXOffset')
    offsetInPoints(anchor.anchorYOffset, anchor.anchorUnits, 'anchorYOffset')
  }
  const placements: AnchorPlacement[] = []
  for (let start = 0; start < pages.length && placements.length <= limit; start += PAGES_PER_SLICE) {
    if (start > 0) await setImmediate()
    const slice = pages.slice(start, start + PAGES_PER_SLICE)
    for (const placement of matchAnchors(slice, anchors, limit - placements.length)) {
      placements.push({ ...placement, pageNumber: placement.pageNumber + start })
    }
  }
  return placements
}

/**
 * 400 (DocuSign's ANCHOR_TAB_STRING_NOT_FOUND) naming the first anchor found in none of the envelope's
 * documents unless it allows that with `anchorIgnoreIfNotPresent`.
 */
export function requireAnchorsFound(anchors: AnchorSpec[], placements: Iterable<AnchorPlacement>): void {
  const found = new Set<number>()
  for (const placement of placements) found.add(placement.anchor)
  anchors.forEach((anchor, index) => {
    if (!found.has(index) && !isTrue(anchor.anchorIgnoreIfNotPresent)) {
      throw new InvalidRequestError(
        `Anchor tab string "${anchor.anchorString}" was not found in the documents`,
        {
          errorCode: 'ANCHOR_TAB_STRING_NOT_FOUND',
        },
      )
    }
  })
}
