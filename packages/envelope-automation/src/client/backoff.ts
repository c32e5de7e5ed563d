/**
 * When to retry a REST call and how long to wait. Rate limits (429 or any `*_LIMIT_EXCEEDED` code, whose
 * HTTP status the contract leaves open) and 5xx are retried; everything else is the caller's mistake and
 * retrying cannot help. The wait is exponential with full jitter, so many clients that failed together do
 * not come back together, unless the server says when to come back (`Retry-After`, or `X-RateLimit-Reset`
 * once the hourly budget is spent). A server asking for longer than `maxServerWaitMs` is not waited for:
 * blocking a send for most of an hour is worse than reporting the limit.
 */

export interface RetryPolicy {
  /** Total attempts, the first included. */
  maxAttempts: number
  baseDelayMs: number
  maxDelayMs: number
  maxServerWaitMs: number
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  maxServerWaitMs: 60_000,
}

export function isRateLimited(status: number, errorCode: string | undefined): boolean {
  return status === 429 || (errorCode?.endsWith('_LIMIT_EXCEEDED') ?? false)
}

export function isRetryable(status: number, errorCode: string | undefined): boolean {
  return isRateLimited(status, errorCode) || status >= 500
}

/**
 * Milliseconds to wait before retry number `retry` (1 for the first retry), or undefined to give up.
 * `random` returns a number in [0, 1).
 */
export function retryDelayMs(
  retry: number,
  response: { status: number; errorCode: string | undefined; headers: Record<string, string> },
  policy: RetryPolicy,
  nowMs: number,
  random: () => number,
): number | undefined {
  if (retry >= policy.maxAttempts) return undefined
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1))
  const jittered = Math.floor(random() * exponential)
  const serverWait = serverRequestedWaitMs(response, nowMs)
  if (serverWait === undefined) return jittered
  if (serverWait > policy.maxServerWaitMs) return undefined
  // A little jitter on top of the server's time, so clients released together do not collide again.
  return serverWait + Math.floor(random() * policy.baseDelayMs)
}

function serverRequestedWaitMs(
  response: { status: number; errorCode: string | undefined; headers: Record<string, string> },
  nowMs: number,
): number | undefined {
  const retryAfter = response.headers['retry-after']
  if (retryAfter !== undefined) {
    const seconds = Number(retryAfter)
    if (retryAfter.trim() !== '' && Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
    const date = Date.parse(retryAfter)
    if (!Number.isNaN(date)) return Math.max(0, date - nowMs)
  }
  // The service sends X-RateLimit-Reset on every response; it only says when to come back once the
  // budget is spent.
  const reset = Number(response.headers['x-ratelimit-reset'])
  const remaining = response.headers['x-ratelimit-remaining']
  if (isRateLimited(response.status, response.errorCode) && Number.isFinite(reset) && reset > 0) {
    if (remaining === undefined || Number(remaining) <= 0) return Math.max(0, reset * 1000 - nowMs)
  }
  return undefined
}
