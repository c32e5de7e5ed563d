import { InvalidRequestError } from 'platform'

/**
 * DocuSign's delay strings: a .NET-style timespan `d.hh:mm:ss` (days optional: `00:10:00` is ten
 * minutes), hours below 24 and minutes and seconds below 60. DocuSign caps a delay at 30 days.
 */
const TIMESPAN = /^(?:(\d{1,3})\.)?(\d{1,2}):(\d{2}):(\d{2})$/
export const MAX_DELAY_MS = 30 * 24 * 60 * 60 * 1000

export function parseDelay(value: string, field: string): number {
  const match = TIMESPAN.exec(value.trim())
  if (!match) {
    throw new InvalidRequestError(
      `${field} must be a duration d.hh:mm:ss (e.g. "0.00:10:00"); got '${value}'`,
    )
  }
  const [days, hours, minutes, seconds] = [match[1] ?? '0', match[2], match[3], match[4]].map(Number) as [
    number,
    number,
    number,
    number,
  ]
  if (hours > 23 || minutes > 59 || seconds > 59) {
    throw new InvalidRequestError(`${field} has hours above 23 or minutes or seconds above 59: '${value}'`)
  }
  const ms = (((days * 24 + hours) * 60 + minutes) * 60 + seconds) * 1000
  if (ms > MAX_DELAY_MS) throw new InvalidRequestError(`${field} must be at most 30 days; got '${value}'`)
  return ms
}

/** `d.hh:mm:ss` of a duration, as GET returns a rule. */
export function formatDelay(ms: number): string {
  const total = Math.floor(ms / 1000)
  const pad = (n: number) => String(n).padStart(2, '0')
  const days = Math.floor(total / 86_400)
  return `${days}.${pad(Math.floor(total / 3600) % 24)}:${pad(Math.floor(total / 60) % 60)}:${pad(total % 60)}`
}

/**
 * An ISO 8601 date-time with a time zone, normalized to UTC. A date alone (`2026-12-01`, what DocuSign's
 * scheduled-sending example sends from a date picker) is taken, as DocuSign takes it, as that day's
 * start in UTC.
 */
export function parseResumeDate(value: string, field: string): string {
  const trimmed = /^\d{4}-\d{2}-\d{2}$/.test(value.trim()) ? `${value.trim()}T00:00:00Z` : value.trim()
  const zoned = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,7})?)?(Z|[+-]\d{2}:?\d{2})$/i.test(trimmed)
  const at = Date.parse(trimmed)
  if (!zoned || Number.isNaN(at)) {
    throw new InvalidRequestError(
      `${field} must be an ISO 8601 date-time with a time zone (e.g. "2026-12-01T09:00:00Z"); got '${value}'`,
    )
  }
  return new Date(at).toISOString()
}
