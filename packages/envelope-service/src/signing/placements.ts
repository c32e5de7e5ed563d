import { type AnchorSpec, resolveAnchors } from '../documents/pdf-text/anchors.js'
import type { TabsByType } from '../tabs/model.js'
import type { Locate, Located } from './form.js'

/**
 * Where each tab of a recipient sits, for the signing page: tabs with a position are where they say;
 * anchor tabs at every place their anchor string occurs in the envelope's documents (document order,
 * then page order), resolved against the documents' text the same way completion draws them, so the
 * signer sees each place their signature or entry will appear.
 */
export async function locateTabs(
  tabs: TabsByType,
  documents: readonly { documentId: string; bytes: () => Promise<Uint8Array> }[],
): Promise<Locate> {
  const anchors: AnchorSpec[] = []
  const anchorIndex = new Map<string, number>()
  const visit = (tab: Record<string, unknown>) => {
    const anchorString = tab.anchorString
    if (typeof anchorString !== 'string') return
    const spec = anchorSpecOf(tab, anchorString)
    const key = JSON.stringify(spec)
    if (!anchorIndex.has(key)) {
      anchorIndex.set(key, anchors.length)
      anchors.push(spec)
    }
  }
  for (const list of Object.values(tabs)) {
    for (const tab of list) {
      visit(tab)
      if (Array.isArray(tab.radios)) for (const radio of tab.radios) visit(radio)
    }
  }

  const placementsOf = new Map<number, Located[]>()
  if (anchors.length > 0) {
    for (const document of documents) {
      const pages = await resolveAnchors(await document.bytes(), anchors)
      for (const placements of pages) {
        for (const placement of placements) {
          const list = placementsOf.get(placement.anchor) ?? []
          list.push({
            documentId: document.documentId,
            pageNumber: placement.pageNumber,
            x: placement.xPosition,
            y: placement.yPosition,
          })
          placementsOf.set(placement.anchor, list)
        }
      }
    }
  }

  return (tab, documentId) => {
    if (typeof tab.anchorString === 'string') {
      const index = anchorIndex.get(JSON.stringify(anchorSpecOf(tab, tab.anchorString)))
      return index === undefined ? [] : (placementsOf.get(index) ?? [])
    }
    const pageNumber = Number(tab.pageNumber ?? '1')
    const x = Number(tab.xPosition)
    const y = Number(tab.yPosition)
    if (!documentId || !Number.isFinite(x) || !Number.isFinite(y) || !Number.isInteger(pageNumber)) return []
    return [{ documentId, pageNumber, x, y }]
  }
}

function anchorSpecOf(tab: Record<string, unknown>, anchorString: string): AnchorSpec {
  const field = (name: keyof AnchorSpec) =>
    typeof tab[name] === 'string' ? { [name]: tab[name] as string } : {}
  return {
    anchorString,
    ...field('anchorXOffset'),
    ...field('anchorYOffset'),
    ...field('anchorUnits'),
    ...field('anchorIgnoreIfNotPresent'),
    ...field('anchorCaseSensitive'),
    ...field('anchorMatchWholeWord'),
    ...field('anchorHorizontalAlignment'),
  }
}
