import type { Database } from 'platform'
import type { EnvelopeServiceConfig } from './config.js'
import type { Db, Schema } from './database.js'
import type { TokenVerifier } from './identity/access-tokens.js'
import type { MembershipLookup } from './identity/memberships.js'

/** What route plugins and services need, built once per process in app.ts and passed explicitly. */
export interface ServiceContext {
  config: EnvelopeServiceConfig
  database: Database<Schema>
  db: Db
  tokens: TokenVerifier
  memberships: MembershipLookup
  /** The service's public origin, e.g. `https://localhost:8443`. */
  publicUrl: string
  /** Injectable clock (epoch ms) so tests can move time. */
  now: () => number
}
