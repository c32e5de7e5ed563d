/**
 * Scaling an ingredient line: the quantity it starts with is multiplied, the rest of the line is kept.
 * A quantity is a whole number (`3 eggs`), a decimal (`0.5 kg`, `1,5 kg`), a fraction (`1/2`), a mixed
 * number (`1 1/2`), a unicode fraction with or without a whole part (`½`, `1½`, `1 ½`), or a range of two
 * of these (`2-3`, `2 – 3`). The result is written in the line's own style: fractions stay fractions
 * when they land near a common one (halves, thirds, quarters, eighths), decimals keep their separator.
 * Pure: used by the web app's servings scaler.
 */

const UNICODE_FRACTIONS: Record<string, number> = {
  '½': 1 / 2,
  '⅓': 1 / 3,
  '⅔': 2 / 3,
  '¼': 1 / 4,
  '¾': 3 / 4,
  '⅕': 1 / 5,
  '⅖': 2 / 5,
  '⅗': 3 / 5,
  '⅘': 4 / 5,
  '⅙': 1 / 6,
  '⅚': 5 / 6,
  '⅛': 1 / 8,
  '⅜': 3 / 8,
  '⅝': 5 / 8,
  '⅞': 7 / 8,
}
const GLYPHS = Object.keys(UNICODE_FRACTIONS).join('')

/** One amount: mixed number, fraction, whole with unicode fraction, unicode fraction, or decimal. */
const AMOUNT = `(?:\\d+\\s+\\d+/\\d+|\\d+/\\d+|\\d*\\s?[${GLYPHS}]|\\d+(?:[.,]\\d+)?)`
const LEADING = new RegExp(`^(\\s*)(${AMOUNT})(?:(\\s*[-–]\\s*)(${AMOUNT}))?(?![\\d/])`)

export type QuantityStyle = 'ascii' | 'unicode' | 'decimal-point' | 'decimal-comma'

export interface LeadingQuantity {
  low: number
  high?: number
  style: QuantityStyle
  /** The text before the amount (leading spaces) and after it (unit and ingredient). */
  before: string
  rest: string
  /** What joined the two ends of a range, as written. */
  rangeSeparator?: string
}

function amountValue(text: string): number | undefined {
  const mixed = /^(\d+)\s+(\d+)\/(\d+)$/.exec(text)
  if (mixed) return fraction(Number(mixed[1]), Number(mixed[2]), Number(mixed[3]))
  const simple = /^(\d+)\/(\d+)$/.exec(text)
  if (simple) return fraction(0, Number(simple[1]), Number(simple[2]))
  const glyph = new RegExp(`^(\\d*)\\s?([${GLYPHS}])$`).exec(text)
  if (glyph) return Number(glyph[1] || 0) + (UNICODE_FRACTIONS[glyph[2] as string] as number)
  return Number(text.replace(',', '.'))
}

function fraction(whole: number, numerator: number, denominator: number): number | undefined {
  return denominator === 0 ? undefined : whole + numerator / denominator
}

function styleOf(text: string): QuantityStyle {
  if (new RegExp(`[${GLYPHS}]`).test(text)) return 'unicode'
  if (text.includes('/')) return 'ascii'
  return text.includes(',') ? 'decimal-comma' : 'decimal-point'
}

export function parseLeadingQuantity(line: string): LeadingQuantity | undefined {
  const match = LEADING.exec(line)
  if (!match) return undefined
  const [whole, before = '', lowText = '', separator, highText] = match
  const low = amountValue(lowText)
  if (low === undefined) return undefined
  const quantity: LeadingQuantity = {
    low,
    style: styleOf(lowText),
    before,
    rest: line.slice(whole.length),
  }
  if (highText !== undefined && separator !== undefined) {
    const high = amountValue(highText)
    if (high === undefined) return undefined
    quantity.high = high
    quantity.rangeSeparator = separator
  }
  return quantity
}

const DENOMINATORS = [2, 3, 4, 8]
const GLYPH_OF = new Map(Object.entries(UNICODE_FRACTIONS).map(([glyph, value]) => [value, glyph]))

/** Within this of a common fraction, a value is written as that fraction. */
const FRACTION_TOLERANCE = 0.01

/** Writes an amount in the given style; values far from any common fraction become decimals. */
export function formatAmount(value: number, style: QuantityStyle): string {
  const whole = Math.floor(value + FRACTION_TOLERANCE)
  const part = value - whole
  if (Math.abs(part) < FRACTION_TOLERANCE) return String(whole)
  if (style === 'ascii' || style === 'unicode') {
    for (const denominator of DENOMINATORS) {
      const numerator = Math.round(part * denominator)
      if (
        numerator > 0 &&
        numerator < denominator &&
        Math.abs(part - numerator / denominator) < FRACTION_TOLERANCE
      ) {
        const glyph = GLYPH_OF.get(numerator / denominator)
        if (style === 'unicode' && glyph) return whole === 0 ? glyph : `${whole}${glyph}`
        return whole === 0 ? `${numerator}/${denominator}` : `${whole} ${numerator}/${denominator}`
      }
    }
  }
  const decimal = String(Math.round(value * 100) / 100)
  return style === 'decimal-comma' ? decimal.replace('.', ',') : decimal
}

/** The line with its leading quantity multiplied by `factor`; a line without one is returned as is. */
export function scaleLine(line: string, factor: number): string {
  if (factor === 1) return line
  const quantity = parseLeadingQuantity(line)
  if (!quantity) return line
  const low = formatAmount(quantity.low * factor, quantity.style)
  const range =
    quantity.high === undefined
      ? ''
      : `${quantity.rangeSeparator}${formatAmount(quantity.high * factor, quantity.style)}`
  return `${quantity.before}${low}${range}${quantity.rest}`
}
