import { createWorkerPool } from '../conversion/pool.js'
import type { AnchorPlacement, AnchorSpec } from './anchor-match.js'
import { searchAnchors } from './anchors.js'
import { extractPageText } from './page-text.js'
import type { PageText } from './text-runs.js'

/**
 * Where anchors land in stored documents, kept in process for the signing page. Earned by opening a
 * signing session: every opening located the recipient's anchor tabs again, reading the documents'
 * text with pdf.js (about 1 ms a page; 2 s for a document of 2,000 pages) and searching it, so a
 * recipient reloading the page, or anyone holding the link, made the service redo the same seconds of
 * work (see BENCHMARKS.md, "Anchor tabs on the signing page").
 *
 * Safe without invalidation: documents are content-addressed blobs (a changed document is another
 * blob) and a placement depends only on the blob and the anchor's fields. Bounded by the placements
 * held; the least recently used go first. Concurrent openings of one document share its text reading.
 *
 * Every search of a stored document's anchors goes through here (the send's check, the signing page,
 * completion), so this is also where the readings are bounded: at most `concurrentReadings` documents
 * are read with pdf.js at once, the others wait their turn in arrival order without holding their
 * bytes (they are fetched when the reading starts). A reading holds its document and every page's
 * text while it runs, and pdf.js takes about a millisecond a page on the event loop's thread:
 * unbounded, eight creates of new long documents sent together were all read side by side, so none was
 * answered before nearly all the work was done (BENCHMARKS.md, "Anchor tabs on the signing page").
 */
export interface AnchorPlacementCache {
  /**
   * Every occurrence of `anchors` in the document, in page and reading order (`anchor` indexes
   * `anchors`). With a `limit`, more than `limit` of them means there are more than that: such a search
   * stopped early and is not kept.
   */
  find(
    document: { blobId: string; bytes: () => Promise<Uint8Array> },
    anchors: AnchorSpec[],
    limit?: number,
  ): Promise<AnchorPlacement[]>
}

/** Placements held at most: about 60 bytes each, so some 12 MB. */
const MAX_PLACEMENTS = 200_000

type Position = Omit<AnchorPlacement, 'anchor'>

/**
 * Documents read at once. pdf.js reads on the event loop's thread, so more at once adds no CPU; a
 * second lets one reading's wait for its bytes (a database read) overlap another's work.
 */
const CONCURRENT_READINGS = 2

export function createAnchorPlacementCache(
  maxPlacements = MAX_PLACEMENTS,
  concurrentReadings = CONCURRENT_READINGS,
): AnchorPlacementCache {
  const entries = new Map<string, Position[]>()
  let held = 0
  const reading = new Map<string, Promise<PageText[]>>()
  // Waiting readings hold no bytes, so their queue needs no bound of its own.
  const readers = createWorkerPool(concurrentReadings, Number.POSITIVE_INFINITY)

  function remember(key: string, positions: Position[]) {
    if (positions.length > maxPlacements) return
    const previous = entries.get(key)
    if (previous) held -= previous.length
    entries.delete(key)
    entries.set(key, positions)
    held += positions.length
    for (const [oldest, list] of entries) {
      if (held <= maxPlacements) break
      entries.delete(oldest)
      held -= list.length
    }
  }

  function pagesOf(blobId: string, bytes: () => Promise<Uint8Array>): Promise<PageText[]> {
    let pages = reading.get(blobId)
    if (!pages) {
      pages = readers.run(async () => extractPageText(await bytes())).finally(() => reading.delete(blobId))
      reading.set(blobId, pages)
    }
    return pages
  }

  return {
    async find(document, anchors, limit) {
      const keys = anchors.map((anchor) => `${document.blobId}\n${anchorKey(anchor)}`)
      // Taken before any wait, so that what another opening evicts meanwhile is still answered.
      const known = keys.map((key) => {
        const positions = entries.get(key)
        if (positions) {
          // Most recently used last.
          entries.delete(key)
          entries.set(key, positions)
        }
        return positions
      })
      const missingAt = anchors.flatMap((_, index) => (known[index] === undefined ? [index] : []))
      const missing = missingAt.map((index) => anchors[index] as AnchorSpec)
      if (missing.length > 0) {
        const found = await searchAnchors(await pagesOf(document.blobId, document.bytes), missing, limit)
        if (limit !== undefined && found.length > limit) {
          return found.map((placement) => ({ ...placement, anchor: missingAt[placement.anchor] as number }))
        }
        const byAnchor = missing.map((): Position[] => [])
        for (const { anchor, ...position } of found) byAnchor[anchor]?.push(position)
        missingAt.forEach((index, position) => {
          known[index] = byAnchor[position] as Position[]
          remember(keys[index] as string, known[index])
        })
      }
      const placements: AnchorPlacement[] = []
      known.forEach((positions, index) => {
        for (const position of positions ?? []) placements.push({ anchor: index, ...position })
      })
      return placements.sort((a, b) => a.pageNumber - b.pageNumber || a.anchor - b.anchor)
    },
  }
}

/** One key per set of anchor fields, whatever order they came in. */
export const anchorKey = (anchor: AnchorSpec): string =>
  JSON.stringify(Object.entries(anchor).sort(([a], [b]) => a.localeCompare(b)))
