import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { pdfWithText } from '../../completion/test-fixtures.js'
import type { AnchorSpec } from './anchor-match.js'
import { searchAnchors } from './anchors.js'
import { extractPageText } from './page-text.js'
import { createAnchorPlacementCache } from './placement-cache.js'

const pdf = await pdfWithText([
  [
    { text: 'Buyer signs here: /sn1/ initials /in1/', x: 72, baseline: 100 },
    { text: 'and again /SN1/ below', x: 90, baseline: 400, size: 10 },
  ],
  [{ text: 'nothing to see', x: 72, baseline: 100 }],
  [
    { text: '/in1/ /sn1/', x: 300, baseline: 700 },
    { text: 'Date: /sn1/', x: 72, baseline: 300 },
  ],
])
const pages = await extractPageText(pdf)

/** A stored document whose reads are counted. */
function stored(blobId: string) {
  const document = {
    blobId,
    reads: 0,
    bytes: async () => {
      document.reads++
      return pdf
    },
  }
  return document
}

const specs: AnchorSpec[] = [
  { anchorString: '/sn1/' },
  { anchorString: '/sn1/', anchorXOffset: '10', anchorUnits: 'pixels' },
  { anchorString: '/sn1/', anchorCaseSensitive: 'true' },
  { anchorString: '/in1/', anchorHorizontalAlignment: 'right' },
  { anchorString: 'absent', anchorIgnoreIfNotPresent: 'true' },
]

describe('the anchor placement cache', () => {
  it('answers what searching the text answers, in the same order, for any choice of anchors', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...specs), { maxLength: 6 }),
        fc.array(fc.constantFrom(...specs), { maxLength: 6 }),
        async (first, second) => {
          const cache = createAnchorPlacementCache()
          const document = stored('blob-a')
          expect(await cache.find(document, first)).toEqual(await searchAnchors(pages, first))
          expect(await cache.find(document, second)).toEqual(await searchAnchors(pages, second))
        },
      ),
      { numRuns: 40 },
    )
  })

  it('reads a document once per anchor, and again only for an anchor it has not searched', async () => {
    const cache = createAnchorPlacementCache()
    const document = stored('blob-a')
    await cache.find(document, specs.slice(0, 2))
    await cache.find(document, specs.slice(0, 2))
    await cache.find(document, [specs[1] as AnchorSpec, specs[0] as AnchorSpec])
    expect(document.reads).toBe(1)
    await cache.find(document, specs.slice(0, 3))
    expect(document.reads).toBe(2)
    // Another blob (another document's content) is searched on its own.
    const other = stored('blob-b')
    await cache.find(other, specs.slice(0, 1))
    expect(other.reads).toBe(1)
  })

  it('shares one reading between openings that overlap', async () => {
    const cache = createAnchorPlacementCache()
    const document = stored('blob-a')
    const answers = await Promise.all([cache.find(document, specs), cache.find(document, specs.slice(1))])
    expect(document.reads).toBe(1)
    expect(answers[1]).toEqual(await searchAnchors(pages, specs.slice(1)))
  })

  it('reads at most the allowed documents at once, the others waiting their turn without their bytes', async () => {
    const cache = createAnchorPlacementCache(undefined, 2)
    const fetched: string[] = []
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    // Each document's bytes arrive only once `release` is called, so the first two readings stay open.
    const slow = (blobId: string) => ({
      blobId,
      bytes: async () => {
        fetched.push(blobId)
        await held
        return pdf
      },
    })
    const answers = Promise.all(['a', 'b', 'c', 'd'].map((id) => cache.find(slow(id), specs.slice(0, 1))))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(fetched).toEqual(['a', 'b'])
    release()
    const expected = await searchAnchors(pages, specs.slice(0, 1))
    expect(await answers).toEqual([expected, expected, expected, expected])
    expect(fetched).toEqual(['a', 'b', 'c', 'd'])
  })

  it('keeps at most the placements it is allowed, the least recently used going first, and still answers', async () => {
    // Four /sn1/ occurrences (case-insensitive) per anchor: a bound of 8 holds two such anchors.
    const cache = createAnchorPlacementCache(8)
    const document = stored('blob-a')
    const a = { anchorString: '/sn1/', anchorXOffset: '1' }
    const b = { anchorString: '/sn1/', anchorXOffset: '2' }
    const c = { anchorString: '/sn1/', anchorXOffset: '3' }
    expect(await cache.find(document, [a, b, c])).toEqual(await searchAnchors(pages, [a, b, c]))
    expect(document.reads).toBe(1)
    // b and c are held (a, the oldest, went); using b makes c the oldest.
    await cache.find(document, [b])
    expect(document.reads).toBe(1)
    await cache.find(document, [a])
    expect(document.reads).toBe(2)
    await cache.find(document, [b])
    expect(document.reads).toBe(2)
    await cache.find(document, [c])
    expect(document.reads).toBe(3)
  })

  it('refuses an offset that is not a number, as the search does', async () => {
    const cache = createAnchorPlacementCache()
    await expect(
      cache.find(stored('blob-a'), [{ anchorString: '/sn1/', anchorXOffset: 'left' }]),
    ).rejects.toMatchObject({ statusCode: 400 })
  })
})
