/**
 * The lockout rule: 5 failed sign-ins for one name within 15 minutes lock that name for 15 minutes, even
 * with the right password. Failures older than the window start the count again; a success clears it.
 * The count is kept in the database and incremented there atomically (repository.ts `countFailure`), so
 * concurrent attempts in several console processes cannot slip past the limit.
 */
export const LOCKOUT = { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 }

/** Failures before this instant no longer count. */
export function failureWindowStart(now: number): number {
  return now - LOCKOUT.windowMs
}

/** The lock that `failures` failures within the window put on a name, if any. */
export function lockAfter(failures: number, now: number): number | undefined {
  return failures >= LOCKOUT.maxFailures ? now + LOCKOUT.lockMs : undefined
}

/** When a lock still in force ends, or undefined when the name may try. */
export function lockEnd(lockedUntil: number | null | undefined, now: number): number | undefined {
  return lockedUntil != null && lockedUntil > now ? lockedUntil : undefined
}
