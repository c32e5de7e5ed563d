/** What an attempt came to; `locked`: refused while too many wrong attempts lock the sign-in. */
export const SIGN_IN_OUTCOMES = ['signed-in', 'wrong-password', 'wrong-code', 'locked'] as const
export type SignInOutcome = (typeof SIGN_IN_OUTCOMES)[number]

/** How a sign-in passed; `password-and-new-code`: two-step sign-in was set up on the way. */
export const SIGN_IN_METHODS = [
  'password',
  'password-and-code',
  'password-and-new-code',
  'console-link',
] as const
export type SignInMethod = (typeof SIGN_IN_METHODS)[number]

/**
 * A user's sign-ins and refused attempts, kept so the person can see whether someone else has tried
 * (the web app's Security screen). Attempts with an email no user has are not kept: they belong to no one.
 */
export interface SignInEvent {
  userId: string
  at: number
  outcome: SignInOutcome
  /** How a sign-in passed. */
  method?: SignInMethod
  /** The integration key the sign-in was for. */
  clientId?: string
  ip?: string
  userAgent?: string
}
