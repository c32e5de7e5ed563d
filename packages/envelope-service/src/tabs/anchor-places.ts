import { InvalidRequestError } from 'platform'
import type { AnchorPlacement, AnchorSpec } from '../documents/pdf-text/anchor-match.js'
import { requireAnchorsFound } from '../documents/pdf-text/anchors.js'
import { type AnchorPlacementCache, anchorKey } from '../documents/pdf-text/placement-cache.js'
import type { TabsByType } from './model.js'

/**
 * Anchor tabs against the documents they are placed in. DocuSign places an anchor tab at every
 * occurrence of its text; we bound how many places one recipient's tabs may take, because each place
 * is drawn on the signing page at every opening and stamped at completion: a sender could otherwise
 * name one anchor 51 times over a 2,000-page document with the anchor twice a page (204,000 places, a
 * 10.7 MB signing session, 2 s of work per opening; see BENCHMARKS.md, "Anchor tabs on the signing
 * page"). A signer initialling every page of the longest document (2,000 pages) takes 2,000 places.
 */
export const MAX_ANCHOR_PLACES_PER_RECIPIENT = 10_000

/** A stored document as anchors are searched in it. */
export interface SearchedDocument {
  blobId: string
  bytes: () => Promise<Uint8Array>
}

/** The anchor fields of a tab or radio, when it is placed by anchor. */
export function anchorOf(tab: Record<string, unknown>): AnchorSpec | undefined {
  const anchorString = tab.anchorString
  if (typeof anchorString !== 'string' || anchorString === '') return undefined
  const spec: AnchorSpec = { anchorString }
  for (const field of [
    'anchorXOffset',
    'anchorYOffset',
    'anchorUnits',
    'anchorIgnoreIfNotPresent',
    'anchorCaseSensitive',
    'anchorMatchWholeWord',
    'anchorHorizontalAlignment',
  ] as const) {
    const value = tab[field]
    if (typeof value === 'string') spec[field] = value
  }
  return spec
}

/** Each tab and radio of `tabs` placed by anchor, in tab order. */
export function anchoredTabs(tabs: TabsByType): { tab: Record<string, unknown>; anchor: AnchorSpec }[] {
  const anchored: { tab: Record<string, unknown>; anchor: AnchorSpec }[] = []
  for (const list of Object.values(tabs)) {
    for (const tab of list) {
      for (const placed of [tab, ...(Array.isArray(tab.radios) ? tab.radios : [])]) {
        const anchor = anchorOf(placed)
        if (anchor) anchored.push({ tab: placed, anchor })
      }
    }
  }
  return anchored
}

/**
 * Where one recipient's anchor tabs land in `documents`: each distinct anchor (`anchors`; tabs with the
 * same anchor fields share one) searched once, its placements per document (`anchor` indexes
 * `anchors`). 400 naming the recipient when the tabs take more than MAX_ANCHOR_PLACES_PER_RECIPIENT
 * places, each tab counted at every place its anchor occurs.
 */
export async function placeAnchoredTabs<D extends SearchedDocument>(
  placements: AnchorPlacementCache,
  recipient: { recipientId: string; tabs: TabsByType },
  documents: readonly D[],
): Promise<{ anchors: AnchorSpec[]; placed: { document: D; placements: AnchorPlacement[] }[] }> {
  const distinct = new Map<string, { anchor: AnchorSpec; tabs: number }>()
  for (const { anchor } of anchoredTabs(recipient.tabs)) {
    const key = anchorKey(anchor)
    const entry = distinct.get(key)
    if (entry) entry.tabs++
    else distinct.set(key, { anchor, tabs: 1 })
  }
  const anchors = [...distinct.values()].map(({ anchor }) => anchor)
  const tabsOf = [...distinct.values()].map(({ tabs }) => tabs)
  const placed: { document: D; placements: AnchorPlacement[] }[] = []
  let budget = MAX_ANCHOR_PLACES_PER_RECIPIENT
  for (const document of anchors.length > 0 ? documents : []) {
    // Each placement is at least one place, so a search past the budget is stopped early.
    const found = await placements.find(document, anchors, budget)
    const places = found.reduce((sum, placement) => sum + (tabsOf[placement.anchor] ?? 1), 0)
    if (places > budget) throw tooManyPlaces(recipient.recipientId)
    budget -= places
    placed.push({ document, placements: found })
  }
  return { anchors, placed }
}

/**
 * The check when tabs go out to be signed (an envelope sent, tabs or recipients added to a sent one):
 * each recipient's anchor tabs take at most MAX_ANCHOR_PLACES_PER_RECIPIENT places, and an anchor
 * found in none of the envelope's documents is DocuSign's 400 ANCHOR_TAB_STRING_NOT_FOUND unless it is
 * `anchorIgnoreIfNotPresent`. What it finds stays in the cache for the signing page.
 */
export async function checkAnchoredTabs(
  placements: AnchorPlacementCache,
  recipients: readonly { recipientId: string; tabs?: TabsByType }[],
  documents: readonly SearchedDocument[],
): Promise<void> {
  for (const recipient of recipients) {
    if (!recipient.tabs) continue
    const { anchors, placed } = await placeAnchoredTabs(
      placements,
      { ...recipient, tabs: recipient.tabs },
      documents,
    )
    requireAnchorsFound(
      anchors,
      placed.flatMap((document) => document.placements),
    )
  }
}

function tooManyPlaces(recipientId: string): InvalidRequestError {
  return new InvalidRequestError(
    `The anchor tabs of recipient ${recipientId} occur at more than ${MAX_ANCHOR_PLACES_PER_RECIPIENT.toLocaleString('en-US')} places in the documents; use a more specific anchorString`,
  )
}
