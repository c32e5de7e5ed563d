import type { Generated } from 'kysely'

/**
 * Row types of the identity domain. Conventions for every table of this service:
 * GUIDs are text; booleans are integers 0/1 (portable between SQLite and PostgreSQL);
 * wall-clock timestamps are ISO 8601 UTC text with milliseconds; deadlines are epoch milliseconds (bigint).
 */
export interface AccountsTable {
  id: string
  name: string
  hourly_limit: number
  burst_limit: number
  created_at: string
  /**
   * Since when every member signs in with a second step (set up at their next sign-in when they have
   * none), epoch ms; null when not required.
   */
  second_factor_required_since: Generated<number | null>
}

export interface UsersTable {
  id: string
  name: string
  email: string
  created_at: string
  /** scrypt hash (platform `hashPassword`); null until the user sets a password. */
  password_hash: Generated<string | null>
  /** Failed sign-ins since `first_failure_at` (the lockout window), counted in one statement. */
  failed_sign_ins: Generated<number>
  first_failure_at: Generated<number | null>
  locked_until: Generated<number | null>
  /** 0 once closed (DocuSign's closeUsers): no sign-in, no tokens. */
  active: Generated<number>
}

/** Comma-separated subset of `Permission`. */
export interface MembershipsTable {
  account_id: string
  user_id: string
  permissions: string
  is_default: number
  created_at: string
}

/**
 * A membership that ended (`closeUsers`, or the admin CLI), kept so administrators can still list the
 * former member (`status=Closed`) and read their sign-ins to this account (migration 0050). A membership
 * made again removes it.
 */
export interface ClosedMembershipsTable {
  account_id: string
  user_id: string
  /** The permissions held when the membership ended. */
  permissions: string
  member_since: string
  closed_at: string
}

export interface IntegrationKeysTable {
  id: string
  name: string
  enabled: number
  created_at: string
  /** `confidential` (secret key by HTTP Basic) or `public` (PKCE). */
  client_kind: Generated<string>
  /** The account whose administrators manage it over REST; null for keys made with the admin CLI. */
  account_id: Generated<string | null>
}

/** Only a SHA-256 hash of each secret key is stored; the key is shown once. */
export interface IntegrationKeySecretsTable {
  id: string
  integration_key_id: string
  secret_hash: string
  created_at: string
}

export interface IntegrationKeyRedirectUrisTable {
  integration_key_id: string
  redirect_uri: string
  created_at: string
}

/** Single-use codes of the Authorization Code Grant, bound to client and redirect URI; hash only. */
export interface AuthorizationCodesTable {
  code_hash: string
  integration_key_id: string
  user_id: string
  redirect_uri: string
  scopes: string
  /** S256 challenge (base64url SHA-256 of the verifier), or null when the client did not send one. */
  code_challenge: string | null
  expires_at: number
  used_at: number | null
  /** The refresh-token family the code was exchanged for, set as it is claimed; revoked if it is reused. */
  family_id: string | null
}

/** Rotating refresh tokens: one family per sign-in; a rotated token used again revokes its family. */
export interface RefreshTokensTable {
  token_hash: string
  family_id: string
  integration_key_id: string
  user_id: string
  scopes: string
  expires_at: number
  rotated_at: number | null
  revoked: Generated<number>
  created_at: string
}

/** Single-use links and tickets: consent, console view, invitation, password reset (`purpose`). */
export interface OneTimeTokensTable {
  token_hash: string
  purpose: string
  user_id: string
  /** What the token is for: the client of a consent ticket, the envelope of a console view. */
  subject: string | null
  expires_at: number
  used_at: number | null
}

export interface IntegrationKeyPublicKeysTable {
  id: Generated<number>
  integration_key_id: string
  public_key_pem: string
  created_at: string
}

/** Space-separated scopes the user consented to for one integration key. */
export interface ConsentsTable {
  user_id: string
  integration_key_id: string
  scopes: string
  granted_at: string
}

/** Only a SHA-256 hash of each access token is stored. */
export interface AccessTokensTable {
  token_hash: string
  user_id: string
  integration_key_id: string
  scopes: string
  expires_at: number
  created_at: string
  /** The refresh-token family that minted it, if any: revoking the family deletes its access tokens. */
  refresh_family_id: Generated<string | null>
}

/** A user's authenticator-app secret for two-step sign-in; in force once `confirmed_at` is set. */
export interface UserSecondFactorsTable {
  user_id: string
  /** Base32, as the authenticator app was given it. */
  secret: string
  confirmed_at: number | null
  /** The last 30-second step whose code was accepted: a code is never taken twice. */
  last_step: number | null
  created_at: number
}

/** Single-use recovery codes of two-step sign-in; only a SHA-256 of each is stored. */
export interface UserRecoveryCodesTable {
  user_id: string
  code_hash: string
  used_at: number | null
}

/** A sign-in or a refused attempt of a known user (identity/sign-in-history/). */
export interface SignInEventsTable {
  id: string
  user_id: string
  /** Epoch milliseconds. */
  at: number
  outcome: string
  method: string | null
  client_id: string | null
  ip: string | null
  user_agent: string | null
}

export interface IdentityTables {
  accounts: AccountsTable
  users: UsersTable
  memberships: MembershipsTable
  closed_memberships: ClosedMembershipsTable
  integration_keys: IntegrationKeysTable
  integration_key_public_keys: IntegrationKeyPublicKeysTable
  consents: ConsentsTable
  access_tokens: AccessTokensTable
  integration_key_secrets: IntegrationKeySecretsTable
  integration_key_redirect_uris: IntegrationKeyRedirectUrisTable
  authorization_codes: AuthorizationCodesTable
  refresh_tokens: RefreshTokensTable
  one_time_tokens: OneTimeTokensTable
  user_second_factors: UserSecondFactorsTable
  user_recovery_codes: UserRecoveryCodesTable
  sign_in_events: SignInEventsTable
}
