/**
 * A user's sign-ins and refused attempts, kept so the person can see whether someone else has tried
 * (the web app's Security screen). Attempts with an email no user has are not kept: they belong to no one.
 */
export interface SignInEvent {
  userId: string
  at: number
  outcome: 'signed-in' | 'wrong-password' | 'wrong-code' | 'locked'
  /** How a sign-in passed. */
  method?: 'password' | 'password-and-code' | 'password-and-new-code' | 'console-link'
  /** The integration key the sign-in was for. */
  clientId?: string
  ip?: string
  userAgent?: string
}
