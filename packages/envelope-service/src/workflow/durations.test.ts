import { InvalidRequestError } from 'platform'
import { describe, expect, it } from 'vitest'
import { parseResumeDate } from './durations.js'

describe('parseResumeDate', () => {
  it('normalizes a zoned date-time to UTC', () => {
    expect(parseResumeDate('2026-12-01T10:00:00+01:00', 'resumeDate')).toBe('2026-12-01T09:00:00.000Z')
  })

  it("takes a date alone as that day's start in UTC, as DocuSign's scheduled-sending example sends it", () => {
    expect(parseResumeDate(' 2026-12-01 ', 'resumeDate')).toBe('2026-12-01T00:00:00.000Z')
  })

  it('refuses a date-time without a zone and anything else: 400 naming the field', () => {
    for (const given of ['2026-12-01T10:00:00', 'tomorrow', '2026-13-01']) {
      expect(() => parseResumeDate(given, 'workflow.resumeDate')).toThrow(InvalidRequestError)
      expect(() => parseResumeDate(given, 'workflow.resumeDate')).toThrow('workflow.resumeDate must be')
    }
  })
})
