import type { Point } from './page-geometry.js'
import type { PageText, TextRun } from './text-runs.js'

/**
 * Anchor tabs (DocuSign "auto-place"): a tab is placed at every occurrence of `anchorString` in the
 * envelope's documents, its top-left corner at the top-left of the occurrence (the top-right with
 * `anchorHorizontalAlignment: "right"`), moved by `anchorXOffset`/`anchorYOffset` (right and down) in
 * `anchorUnits` (`pixels`, DocuSign's default, are points; `inches`, `mms`, `cms`). Matching is
 * case-insensitive and inside words unless `anchorCaseSensitive`/`anchorMatchWholeWord` say "true"; an
 * occurrence never spans two lines. An anchor found in no document is an error unless
 * `anchorIgnoreIfNotPresent` is "true".
 *
 * Pure (no pdf.js, no server types), so the template builder previews anchors with this same code.
 */

/** The anchor fields of a tab, as DocuSign strings. */
export interface AnchorSpec {
  anchorString: string
  anchorXOffset?: string
  anchorYOffset?: string
  anchorUnits?: string
  anchorIgnoreIfNotPresent?: string
  anchorCaseSensitive?: string
  anchorMatchWholeWord?: string
  anchorHorizontalAlignment?: string
}

/** Where an anchor's tab goes: DocuSign's top-left points on a page of the document. */
export interface AnchorPlacement {
  /** Index of the anchor in the list given. */
  anchor: number
  pageNumber: number
  xPosition: number
  yPosition: number
}

export const POINTS_PER_UNIT: Record<string, number> = {
  pixels: 1,
  points: 1,
  inches: 72,
  mms: 72 / 25.4,
  cms: 72 / 2.54,
}

/** An offset in points, or undefined when the number or the unit is not DocuSign's. */
export function pointsOf(value: string | undefined, units: string | undefined): number | undefined {
  const scale = POINTS_PER_UNIT[(units ?? 'pixels').toLowerCase()]
  if (scale === undefined) return undefined
  if (value === undefined || value.trim() === '') return 0
  const number = Number(value)
  return Number.isFinite(number) ? number * scale : undefined
}

export const isTrue = (value: string | undefined) => value?.toLowerCase() === 'true'

/** Where one character of the page text is: its run and its index inside the run. */
interface CharacterAt {
  run: TextRun
  index: number
}

/**
 * The page's text as one string with each character's origin. Runs on one line are joined, with a
 * space where the gap between them is wider than a fifth of the font size (pdf.js drops the spaces that
 * a PDF expresses as gaps); lines end with a newline, which no occurrence may contain.
 */
function pageString(page: PageText): { text: string; origins: (CharacterAt | undefined)[] } {
  const parts: string[] = []
  const origins: (CharacterAt | undefined)[] = []
  // The text's last UTF-16 unit so far, for the space rule (one test per run, not a scan of the page).
  let last = ''
  let previous: TextRun | undefined
  for (const run of page.runs) {
    if (
      previous &&
      !previous.endsLine &&
      gapBetween(previous, run) > run.fontSize * 0.2 &&
      !/\s/.test(last)
    ) {
      parts.push(' ')
      origins.push(undefined)
      last = ' '
    }
    let index = 0
    for (const _ of run.text) origins.push({ run, index: index++ })
    if (run.text !== '') {
      parts.push(run.text)
      last = run.text.charAt(run.text.length - 1)
    }
    if (run.endsLine) {
      parts.push('\n')
      origins.push(undefined)
      last = '\n'
    }
    previous = run
  }
  return { text: parts.join(''), origins }
}

function gapBetween(left: TextRun, right: TextRun): number {
  return Math.hypot(right.start.x - left.end.x, right.start.y - left.end.y)
}

/** The top-left corner of character `index` of a run (`index` = length gives the run's end). */
function characterCorner(run: TextRun, index: number): Point {
  const length = Array.from(run.text).length
  const fraction = length === 0 ? 0 : index / length
  return {
    x: run.start.x + (run.end.x - run.start.x) * fraction,
    y: run.start.y + (run.end.y - run.start.y) * fraction,
  }
}

const WORD_CHARACTER = /[\p{L}\p{N}_]/u

/** Per-character case folding that keeps one character per character, so indexes still line up. */
function foldCase(characters: string[]): string[] {
  return characters.map((character) => {
    const lower = character.toLowerCase()
    return Array.from(lower).length === 1 ? lower : character
  })
}

/**
 * Every occurrence of each anchor on the given pages, in page and reading order. An offset that is not
 * a number in a known unit counts as 0 here: the server refuses it first (`searchAnchors` in anchors.ts),
 * the builder says so beside the field. With a `limit`, the search stops once it found more than that
 * many (the caller refuses such a list whole; see the places limit in tabs/anchor-places.ts).
 */
export function matchAnchors(
  pages: PageText[],
  anchors: AnchorSpec[],
  limit = Number.POSITIVE_INFINITY,
): AnchorPlacement[] {
  const placements: AnchorPlacement[] = []
  // Each page is prepared once per case mode, however many anchors search it: tabs of one envelope often
  // share a string with different offsets, and preparing a page costs far more than searching it.
  const prepared = pages.map(pageString).map((page) => ({
    origins: page.origins,
    modes: new Map<boolean, Haystack>(),
    text: page.text,
  }))
  const haystackOf = (pageIndex: number, caseSensitive: boolean): Haystack => {
    const page = prepared[pageIndex] as (typeof prepared)[number]
    let haystack = page.modes.get(caseSensitive)
    if (!haystack) {
      haystack = haystackFor(page.text, caseSensitive)
      page.modes.set(caseSensitive, haystack)
    }
    return haystack
  }
  search: for (const [anchorIndex, anchor] of anchors.entries()) {
    const caseSensitive = isTrue(anchor.anchorCaseSensitive)
    const wholeWord = isTrue(anchor.anchorMatchWholeWord)
    const alignRight = anchor.anchorHorizontalAlignment?.toLowerCase() === 'right'
    const dx = pointsOf(anchor.anchorXOffset, anchor.anchorUnits) ?? 0
    const dy = pointsOf(anchor.anchorYOffset, anchor.anchorUnits) ?? 0
    const needleCharacters = Array.from(anchor.anchorString)
    if (needleCharacters.length === 0) continue
    const needle = (caseSensitive ? needleCharacters : foldCase(needleCharacters)).join('')
    for (const [pageIndex, { origins }] of prepared.entries()) {
      const { haystack, characters, codePointIndex } = haystackOf(pageIndex, caseSensitive)
      for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
        if (placements.length > limit) break search
        const first = codePointIndex(at)
        const last = first + needleCharacters.length - 1
        if (characters.slice(first, last + 1).includes('\n')) continue
        if (wholeWord && (isWordAt(characters, first - 1) || isWordAt(characters, last + 1))) continue
        const origin = alignRight ? origins[last] : origins[first]
        if (!origin) continue
        const corner = characterCorner(origin.run, alignRight ? origin.index + 1 : origin.index)
        placements.push({
          anchor: anchorIndex,
          pageNumber: pageIndex + 1,
          xPosition: round2(corner.x + dx),
          yPosition: round2(corner.y + dy),
        })
      }
    }
  }
  return placements.sort((a, b) => a.pageNumber - b.pageNumber || a.anchor - b.anchor)
}

/** A page's text as searched in one case mode, with its characters and code-point index. */
interface Haystack {
  haystack: string
  /** The haystack's code points: the string itself when each is one UTF-16 unit. */
  characters: string | string[]
  codePointIndex: (utf16Index: number) => number
}

const SURROGATE = /[\ud800-\udfff]/
const CAPITAL_SIGMA = '\u03a3'

function haystackFor(text: string, caseSensitive: boolean): Haystack {
  if (!SURROGATE.test(text)) {
    // One unit per code point, so string indexes are character indexes. Lower-casing the whole string
    // is the per-character folding when it keeps the length (no character became two) and no capital
    // sigma is in it (the one letter whose lower case depends on the letters around it).
    const lower = caseSensitive ? text : text.toLowerCase()
    if (lower.length === text.length && (caseSensitive || !text.includes(CAPITAL_SIGMA))) {
      return { haystack: lower, characters: lower, codePointIndex: (utf16Index) => utf16Index }
    }
  }
  const characters = Array.from(text)
  const haystack = (caseSensitive ? characters : foldCase(characters)).join('')
  // Search over code points: map each string index found by indexOf back to a character index.
  return { haystack, characters: Array.from(haystack), codePointIndex: codePointIndexer(haystack) }
}

function isWordAt(characters: string | string[], index: number): boolean {
  const character = characters[index]
  return character !== undefined && WORD_CHARACTER.test(character)
}

function codePointIndexer(text: string): (utf16Index: number) => number {
  const table: number[] = []
  let codePoint = 0
  for (let index = 0; index < text.length; index++) {
    table[index] = codePoint
    const unit = text.charCodeAt(index)
    if (unit < 0xd800 || unit > 0xdbff) codePoint++
  }
  return (utf16Index) => table[utf16Index] ?? codePoint
}

const round2 = (value: number) => Math.round(value * 100) / 100
