import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { pdfWithText } from '../../completion/test-fixtures.js'
import { matchAnchors } from './anchor-match.js'
import { type AnchorSpec, offsetInPoints, requireAnchorsFound, searchAnchors } from './anchors.js'
import type { PageText } from './page-text.js'
import { resolveAnchors } from './test-anchors.js'

/** Courier advances 0.6 em per character, so a character's x is exact in these documents. */
const courierX = (x: number, size: number, characters: number) => x + 0.6 * size * characters

describe('resolveAnchors', () => {
  it('places a tab at the top-left of each occurrence, per page', async () => {
    const pdf = await pdfWithText([
      [
        { text: 'Buyer signs here: /sn1/', x: 72, baseline: 100 },
        { text: 'and again /sn1/ below', x: 90, baseline: 400, size: 10 },
      ],
      [{ text: 'nothing to see', x: 72, baseline: 100 }],
      [{ text: '/sn1/', x: 300, baseline: 700 }],
    ])
    const pages = await resolveAnchors(pdf, [{ anchorString: '/sn1/' }])
    expect(pages).toHaveLength(3)
    expect(pages[0]).toHaveLength(2)
    expect(pages[0]?.[0]?.xPosition).toBeCloseTo(courierX(72, 12, 18), 1)
    expect(pages[0]?.[0]?.yPosition).toBeCloseTo(100 - 12, 1)
    expect(pages[0]?.[1]?.xPosition).toBeCloseTo(courierX(90, 10, 10), 1)
    expect(pages[0]?.[1]?.yPosition).toBeCloseTo(400 - 10, 1)
    expect(pages[1]).toEqual([])
    expect(pages[2]).toEqual([{ anchor: 0, pageNumber: 3, xPosition: 300, yPosition: 688 }])
  })

  it('applies anchorXOffset and anchorYOffset in anchorUnits', async () => {
    const pdf = await pdfWithText([[{ text: 'SIGN', x: 100, baseline: 200 }]])
    const at = async (anchor: Partial<AnchorSpec>) =>
      (await resolveAnchors(pdf, [{ anchorString: 'SIGN', ...anchor }]))[0]?.[0]
    expect(await at({ anchorXOffset: '1', anchorYOffset: '-0.5', anchorUnits: 'inches' })).toMatchObject({
      xPosition: 172,
      yPosition: 152,
    })
    expect(await at({ anchorXOffset: '10', anchorYOffset: '20' })).toMatchObject({
      xPosition: 110,
      yPosition: 208,
    })
    expect((await at({ anchorXOffset: '25.4', anchorUnits: 'mms' }))?.xPosition).toBeCloseTo(172, 1)
    expect((await at({ anchorYOffset: '2.54', anchorUnits: 'cms' }))?.yPosition).toBeCloseTo(188 + 72, 1)
  })

  it('aligns to the end of the anchor with anchorHorizontalAlignment right', async () => {
    const pdf = await pdfWithText([[{ text: 'Date: __', x: 72, baseline: 300 }]])
    const [page] = await resolveAnchors(pdf, [{ anchorString: 'Date:', anchorHorizontalAlignment: 'right' }])
    expect(page?.[0]?.xPosition).toBeCloseTo(courierX(72, 12, 5), 1)
  })

  it('matches case-insensitively inside words unless told otherwise', async () => {
    const pdf = await pdfWithText([[{ text: 'Sign SIGNATURE sign', x: 72, baseline: 100 }]])
    const count = async (anchor: Partial<AnchorSpec>) =>
      (await resolveAnchors(pdf, [{ anchorString: 'sign', ...anchor }]))[0]?.length
    expect(await count({})).toBe(3)
    expect(await count({ anchorCaseSensitive: 'true' })).toBe(1)
    expect(await count({ anchorMatchWholeWord: 'true' })).toBe(2)
    expect(await count({ anchorMatchWholeWord: 'true', anchorCaseSensitive: 'true' })).toBe(1)
  })

  it('finds an anchor drawn in two adjacent runs, but not across lines', async () => {
    const pdf = await pdfWithText([
      [
        { text: '/s', x: 72, baseline: 100 },
        { text: 'n1/', x: courierX(72, 12, 2), baseline: 100 },
        { text: '/sn', x: 72, baseline: 300 },
        { text: '1/', x: 72, baseline: 320 },
      ],
    ])
    const [page] = await resolveAnchors(pdf, [{ anchorString: '/sn1/' }])
    expect(page).toHaveLength(1)
    expect(page?.[0]?.xPosition).toBeCloseTo(72, 1)
  })

  it('reports positions as displayed on a rotated page', async () => {
    const pdf = await pdfWithText([[{ text: 'HERE', x: 100, baseline: 200 }]], { rotate: 90 })
    const [page] = await resolveAnchors(pdf, [{ anchorString: 'HERE' }])
    // User space (100, 592 + 12 top) turned clockwise on a 612 × 792 page: x = user y, y = user x.
    expect(page?.[0]?.xPosition).toBeCloseTo(792 - 200 + 12, 1)
    expect(page?.[0]?.yPosition).toBeCloseTo(100, 1)
  })

  it('is 400 for an unknown unit or a non-numeric offset', async () => {
    const pdf = await pdfWithText([[{ text: 'X', x: 72, baseline: 100 }]])
    await expect(resolveAnchors(pdf, [{ anchorString: 'X', anchorUnits: 'furlongs' }])).rejects.toMatchObject(
      {
        statusCode: 400,
      },
    )
    await expect(resolveAnchors(pdf, [{ anchorString: 'X', anchorXOffset: 'ten' }])).rejects.toThrow(
      'anchorXOffset must be a number',
    )
  })
})

describe('requireAnchorsFound', () => {
  const anchors: AnchorSpec[] = [
    { anchorString: 'found' },
    { anchorString: 'missing', anchorIgnoreIfNotPresent: 'true' },
  ]

  it('accepts anchors found somewhere and ignorable ones found nowhere', () => {
    expect(() =>
      requireAnchorsFound(anchors, [{ anchor: 0, pageNumber: 1, xPosition: 0, yPosition: 0 }]),
    ).not.toThrow()
  })

  it('is ANCHOR_TAB_STRING_NOT_FOUND for an anchor found nowhere', () => {
    expect(() =>
      requireAnchorsFound(
        [...anchors, { anchorString: 'absent' }],
        [{ anchor: 0, pageNumber: 1, xPosition: 0, yPosition: 0 }],
      ),
    ).toThrow(expect.objectContaining({ errorCode: 'ANCHOR_TAB_STRING_NOT_FOUND', statusCode: 400 }))
    expect(() => requireAnchorsFound(anchors, [])).toThrow('"found"')
  })
})

describe('offsetInPoints', () => {
  it('treats pixels as points, DocuSign default', () => {
    expect(offsetInPoints('12', undefined, 'f')).toBe(12)
    expect(offsetInPoints('12', 'Pixels', 'f')).toBe(12)
    expect(offsetInPoints(undefined, 'inches', 'f')).toBe(0)
  })
})

/** One monospaced run per line (10 points per character), as an oracle can place them. */
function linesToPage(lines: string[]): PageText {
  return {
    pageNumber: 1,
    runs: lines.map((text, line) => ({
      text,
      start: { x: 0, y: line * 20 },
      end: { x: 10 * Array.from(text).length, y: line * 20 },
      fontSize: 10,
      endsLine: true,
    })),
  }
}

describe('searchAnchors (property)', () => {
  const lines = fc.array(fc.stringMatching(/^[a-cA-C ]{0,12}$/), { minLength: 1, maxLength: 4 })
  const needle = fc.stringMatching(/^[a-cA-C]{1,3}$/)

  it('searches a long document in slices with the answer of one pass, and stops past a limit', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(lines, { minLength: 1, maxLength: 80 }),
        fc.array(needle, { minLength: 1, maxLength: 3 }),
        fc.nat({ max: 40 }),
        async (pageLines, needles, limit) => {
          const pages = pageLines.map(linesToPage)
          const anchors = needles.map((anchorString) => ({ anchorString }))
          const whole = matchAnchors(pages, anchors)
          expect(await searchAnchors(pages, anchors)).toEqual(whole)
          const limited = await searchAnchors(pages, anchors, limit)
          if (whole.length <= limit) expect(limited).toEqual(whole)
          else expect(limited.length).toBeGreaterThan(limit)
        },
      ),
      { numRuns: 60 },
    )
  })

  it('finds exactly the case-sensitive occurrences on each line, at their character', async () => {
    await fc.assert(
      fc.asyncProperty(lines, needle, async (texts, anchorString) => {
        const expected = texts.flatMap((text, line) => {
          const found: { x: number; y: number }[] = []
          for (let at = text.indexOf(anchorString); at !== -1; at = text.indexOf(anchorString, at + 1)) {
            found.push({ x: 10 * at, y: 20 * line })
          }
          return found
        })
        const placements = await searchAnchors(
          [linesToPage(texts)],
          [{ anchorString, anchorCaseSensitive: 'true' }],
        )
        expect(placements.map(({ xPosition, yPosition }) => ({ x: xPosition, y: yPosition }))).toEqual(
          expected,
        )
      }),
    )
  })

  it('finds a superset without case sensitivity and a subset with whole words', async () => {
    await fc.assert(
      fc.asyncProperty(lines, needle, async (texts, anchorString) => {
        const page = [linesToPage(texts)]
        const key = (p: { xPosition: number; yPosition: number }) => `${p.xPosition},${p.yPosition}`
        const sensitive = (await searchAnchors(page, [{ anchorString, anchorCaseSensitive: 'true' }])).map(
          key,
        )
        const insensitive = new Set((await searchAnchors(page, [{ anchorString }])).map(key))
        const whole = (await searchAnchors(page, [{ anchorString, anchorMatchWholeWord: 'true' }])).map(key)
        for (const placement of sensitive) expect(insensitive.has(placement)).toBe(true)
        for (const placement of whole) expect(insensitive.has(placement)).toBe(true)
      }),
    )
  })
})
