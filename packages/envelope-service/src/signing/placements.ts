import { type AnchorPlacementCache, anchorKey } from '../documents/pdf-text/placement-cache.js'
import { anchorOf, placeAnchoredTabs } from '../tabs/anchor-places.js'
import type { TabsByType } from '../tabs/model.js'
import type { Locate, Located } from './form.js'

/**
 * Where each tab of a recipient sits, for the signing page: tabs with a position are where they say;
 * anchor tabs at every place their anchor string occurs in the envelope's documents (document order,
 * then page order), resolved against the documents' text the same way completion draws them, so the
 * signer sees each place their signature or entry will appear. Found once per document and anchor
 * (`placements`, the service's cache), not at every opening of the page, and bounded as when the tabs
 * were sent (tabs/anchor-places.ts).
 */
export async function locateTabs(
  recipient: { recipientId: string; tabs: TabsByType },
  documents: readonly { documentId: string; blobId: string; bytes: () => Promise<Uint8Array> }[],
  placements: AnchorPlacementCache,
): Promise<Locate> {
  const { anchors, placed } = await placeAnchoredTabs(placements, recipient, documents)
  const placedAt = new Map<string, Located[]>()
  for (const { document, placements: found } of placed) {
    for (const placement of found) {
      const key = anchorKey(anchors[placement.anchor] as (typeof anchors)[number])
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
    const pageNumber = Number(tab.pageNumber ?? '1')
    const x = Number(tab.xPosition)
    const y = Number(tab.yPosition)
    if (!documentId || !Number.isFinite(x) || !Number.isFinite(y) || !Number.isInteger(pageNumber)) return []
    return [{ documentId, pageNumber, x, y }]
  }
}
