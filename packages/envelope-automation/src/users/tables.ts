/** Row types of the console's sign-in tables (SQL lives in repository.ts only). */

export interface ConsoleUsersTable {
  /** Lower case, as typed at sign-in. */
  username: string
  /** `scrypt$N$r$p$salt$key` (password.ts). */
  password_hash: string
  created_at: string
}

/** Signed-in browsers. The cookie holds a random token; only its SHA-256 is stored. */
export interface ConsoleSessionsTable {
  token_hash: string
  username: string
  /** Sent back by the page in `X-CSRF-Token` on every state-changing request. */
  csrf_token: string
  created_at: string
  expires_at: string
}

/**
 * Failed sign-ins per name (known or not), in the database so every console process counts the same
 * failures: a lockout in one process holds in the others.
 */
export interface SignInFailuresTable {
  username: string
  failures: number
  first_failure_at: string
  locked_until: string | null
}

export interface ConsoleUsersSchema {
  console_users: ConsoleUsersTable
  console_sessions: ConsoleSessionsTable
  sign_in_failures: SignInFailuresTable
}
