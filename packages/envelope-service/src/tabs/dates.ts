/**
 * Calendar dates as date tabs and date formulas use them: a day number (days since 1970-01-01, UTC, no
 * time of day), read from a tab's text and written back either canonically (`yyyy-MM-dd`, what is
 * stored) or in a DocuSign `dateFormat` pattern (what is shown). Pure.
 */

const DAY_MS = 86_400_000

export interface DateParts {
  year: number
  month: number
  day: number
}

/** The day number of a calendar date; undefined when the date does not exist (31 April). */
export function dayNumberOf({ year, month, day }: DateParts): number | undefined {
  if (![year, month, day].every(Number.isInteger) || year < 1 || year > 9999) return undefined
  const at = new Date(0)
  at.setUTCFullYear(year, month - 1, day)
  at.setUTCHours(0, 0, 0, 0)
  const parts = partsOf(at.getTime() / DAY_MS)
  return parts.year === year && parts.month === month && parts.day === day ? at.getTime() / DAY_MS : undefined
}

export function partsOf(dayNumber: number): DateParts {
  const at = new Date(dayNumber * DAY_MS)
  return { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: at.getUTCDate() }
}

export const dayNumberOfInstant = (at: Date) => Math.floor(at.getTime() / DAY_MS)

/** The canonical text of a date: `yyyy-MM-dd`. */
export function isoDateOf(dayNumber: number): string {
  const { year, month, day } = partsOf(dayNumber)
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`
}

export function daysInMonthOf(dayNumber: number): number {
  const { year, month } = partsOf(dayNumber)
  return [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] as number
}

/** `months` later (earlier when negative), on the same day of the month or the month's last day. */
export function addMonths(dayNumber: number, months: number): number | undefined {
  const { year, month, day } = partsOf(dayNumber)
  const index = year * 12 + (month - 1) + Math.trunc(months)
  const [targetYear, targetMonth] = [Math.floor(index / 12), (index % 12) + 1]
  const first = dayNumberOf({ year: targetYear, month: targetMonth, day: 1 })
  if (first === undefined) return undefined
  return first + Math.min(day, daysInMonthOf(first)) - 1
}

const PATTERN_TOKEN = /yyyy|yy|MMMM|MMM|MM|M|dd|d/g

/**
 * The date written in a DocuSign date pattern (`MM/dd/yyyy`, `d MMMM yyyy`, `yyyy-MM-dd`...): `yyyy`,
 * `yy`, `MMMM` (month name), `MMM` (short name), `MM`, `M`, `dd`, `d`; anything else is copied.
 */
export function formatDatePattern(dayNumber: number, pattern: string, locale: string): string {
  const { year, month, day } = partsOf(dayNumber)
  return pattern.replace(PATTERN_TOKEN, (token) => {
    switch (token) {
      case 'yyyy':
        return String(year).padStart(4, '0')
      case 'yy':
        return pad(year % 100)
      case 'MMMM':
      case 'MMM':
        return monthName(month, token === 'MMMM' ? 'long' : 'short', locale)
      case 'MM':
        return pad(month)
      case 'M':
        return String(month)
      case 'dd':
        return pad(day)
      default:
        return String(day)
    }
  })
}

/**
 * A date tab's text as a day number: `yyyy-MM-dd` always; otherwise numbers in the order of `pattern`
 * (day, month and year with any separators), or `M/d/yyyy` (DocuSign's default) without one.
 */
export function parseDateText(text: string | undefined, pattern = 'M/d/yyyy'): number | undefined {
  const trimmed = (text ?? '').trim()
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed)
  if (iso) return dayNumberOf({ year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) })
  const order = [...pattern.matchAll(PATTERN_TOKEN)].map((match) => match[0].charAt(0))
  if (order.length !== 3 || new Set(order).size !== 3) return undefined
  if (/MMM/.test(pattern) || /(^|[^y])yy([^y]|$)/.test(pattern)) return undefined
  const numbers = /^(\d{1,4})\D+(\d{1,4})\D+(\d{1,4})$/.exec(trimmed)
  if (!numbers) return undefined
  const value = (letter: string) => Number(numbers[order.indexOf(letter) + 1])
  return dayNumberOf({ year: value('y'), month: value('M'), day: value('d') })
}

function monthName(month: number, width: 'long' | 'short', locale: string): string {
  return new Intl.DateTimeFormat(locale, { month: width, timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, month - 1, 1)),
  )
}

const pad = (value: number) => String(value).padStart(2, '0')
const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
