import type { AnchorPlacementCache } from '../documents/pdf-text/placement-cache.js'
import { placeAnchoredTabs } from '../tabs/anchor-places.js'
import { type LocateTab, locatorOf } from '../tabs/locate.js'
import type { TabsByType } from '../tabs/model.js'

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
): Promise<LocateTab> {
  const { anchors, placed } = await placeAnchoredTabs(placements, recipient, documents)
  return locatorOf(anchors, placed)
}
