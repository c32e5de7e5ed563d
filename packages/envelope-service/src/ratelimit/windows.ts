/** Pure rate-limit arithmetic: fixed windows, remaining counts, response headers and the verdict. */

export const HOUR_MS = 3_600_000
export const BURST_WINDOW_MS = 30_000

export interface AccountLimits {
  hourlyLimit: number
  burstLimit: number
}

export interface WindowCounts {
  /** Calls in the current clock hour, this one included. */
  hour: number
  /** Calls in the current 30-second window, this one included. */
  burst: number
}

export const hourWindowStart = (now: number) => Math.floor(now / HOUR_MS) * HOUR_MS
export const burstWindowStart = (now: number) => Math.floor(now / BURST_WINDOW_MS) * BURST_WINDOW_MS

export interface RateLimitVerdict {
  headers: Record<string, string>
  /** Set when this call is over a limit: the error code and the seconds until it may succeed. */
  exceeded?: {
    errorCode: 'HOURLY_APIINVOCATION_LIMIT_EXCEEDED' | 'BURST_APIINVOCATION_LIMIT_EXCEEDED'
    retryAfterSeconds: number
  }
}

/** Whole seconds until `end`, at least 1 (a Retry-After of 0 would invite an immediate retry). */
const secondsUntil = (end: number, now: number) => Math.max(1, Math.ceil((end - now) / 1000))

/**
 * Judges one call from the window counts after counting it. Calls over a limit are counted too (as
 * DocuSign counts every invocation), so `Remaining` never goes below zero and stays exact.
 */
export function judge(limits: AccountLimits, counts: WindowCounts, now: number): RateLimitVerdict {
  const hourEnd = hourWindowStart(now) + HOUR_MS
  const burstEnd = burstWindowStart(now) + BURST_WINDOW_MS
  const headers = {
    'x-ratelimit-limit': String(limits.hourlyLimit),
    'x-ratelimit-remaining': String(Math.max(0, limits.hourlyLimit - counts.hour)),
    'x-ratelimit-reset': String(hourEnd / 1000),
    'x-burstlimit-limit': String(limits.burstLimit),
    'x-burstlimit-remaining': String(Math.max(0, limits.burstLimit - counts.burst)),
  }
  if (counts.hour > limits.hourlyLimit) {
    return {
      headers,
      exceeded: {
        errorCode: 'HOURLY_APIINVOCATION_LIMIT_EXCEEDED',
        retryAfterSeconds: secondsUntil(hourEnd, now),
      },
    }
  }
  if (counts.burst > limits.burstLimit) {
    return {
      headers,
      exceeded: {
        errorCode: 'BURST_APIINVOCATION_LIMIT_EXCEEDED',
        retryAfterSeconds: secondsUntil(burstEnd, now),
      },
    }
  }
  return { headers }
}
