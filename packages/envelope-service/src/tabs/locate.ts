import type { AnchorPlacement, AnchorSpec } from '../documents/pdf-text/anchor-match.js'
import { anchorKey } from '../documents/pdf-text/placement-cache.js'
import { anchorOf } from './anchor-places.js'

/** A place on a document's page, in DocuSign's top-left points. */
export interface PagePosition {
  documentId: string
  pageNumber: number
  x: number
  y: number
}

/**
 * Where a tab (or a radio) is: its own position, or every placement of its anchor; none when nowhere.
 * `documentId` is the tab's own (a radio's group's), for the tab that does not name one itself.
 */
export type LocateTab = (tab: Record<string, unknown>, documentId: string | undefined) => PagePosition[]

/**
 * The one way the signing page and completion find tabs, so a signer sees each mark where the sealed
 * document will show it: anchor tabs at every placement found for their anchor (in the order the
 * documents and their pages were searched), the others at their own position. `anchors` are the
 * searched anchors, which each placement's `anchor` indexes.
 */
export function locatorOf(
  anchors: readonly AnchorSpec[],
  placed: readonly { document: { documentId: string }; placements: readonly AnchorPlacement[] }[],
): LocateTab {
  const placedAt = new Map<string, PagePosition[]>()
  for (const { document, placements } of placed) {
    for (const placement of placements) {
      const key = anchorKey(anchors[placement.anchor] as AnchorSpec)
      const list = placedAt.get(key) ?? []
      list.push({
        documentId: document.documentId,
        pageNumber: placement.pageNumber,
        x: placement.xPosition,
        y: placement.yPosition,
      })
      placedAt.set(key, list)
    }
  }
  return (tab, documentId) => {
    const anchor = anchorOf(tab)
    if (anchor) return placedAt.get(anchorKey(anchor)) ?? []
    const position = fixedPosition(tab, documentId)
    return position ? [position] : []
  }
}

/** A positioned tab's (or radio's) own position; undefined when it lacks one. */
export function fixedPosition(
  tab: Record<string, unknown>,
  documentId: string | undefined,
): PagePosition | undefined {
  const pageNumber = Number(text(tab.pageNumber))
  const x = Number(text(tab.xPosition))
  const y = Number(text(tab.yPosition))
  const document = text(tab.documentId) ?? documentId
  if (
    !document ||
    !Number.isInteger(pageNumber) ||
    pageNumber < 1 ||
    !Number.isFinite(x) ||
    !Number.isFinite(y)
  ) {
    return undefined
  }
  return { documentId: document, pageNumber, x, y }
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined)
