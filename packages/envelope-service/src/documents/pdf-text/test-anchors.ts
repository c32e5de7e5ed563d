import { type AnchorPlacement, type AnchorSpec, searchAnchors } from './anchors.js'
import { extractPageText } from './page-text.js'

/** For tests: the placements in one PDF, grouped by page (element `i` lists those on page `i + 1`). */
export async function resolveAnchors(pdf: Uint8Array, anchors: AnchorSpec[]): Promise<AnchorPlacement[][]> {
  const pages = await extractPageText(pdf)
  const perPage: AnchorPlacement[][] = pages.map(() => [])
  for (const placement of await searchAnchors(pages, anchors))
    perPage[placement.pageNumber - 1]?.push(placement)
  return perPage
}
