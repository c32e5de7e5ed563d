import type { Database, JobRunner, Writers } from 'platform'
import type { Seal } from './completion/seal.js'
import type { EnvelopeServiceConfig } from './config.js'
import type { Db, Schema } from './database.js'
import type { DocumentConverter } from './documents/conversion/converter.js'
import type { AnchorPlacementCache } from './documents/pdf-text/placement-cache.js'
import type { EnvelopeWriter } from './envelope-api/writer.js'
import type { MembershipLookup } from './identity/memberships.js'
import type { TokenVerifier } from './identity/tokens/service.js'
import type { CallCounter } from './ratelimit/counter.js'
import type { TemplateCache } from './templates/cache.js'

/** What route plugins and services need, built once per process in app.ts and passed explicitly. */
export interface ServiceContext {
  config: EnvelopeServiceConfig
  database: Database<Schema>
  db: Db
  tokens: TokenVerifier
  memberships: MembershipLookup
  /** Stores new envelopes: group commit in the service, one transaction each where a test wants it. */
  envelopeWriter: EnvelopeWriter
  /**
   * `WRITERS`: whether this process is the database's only writer. The template cache and the call
   * counter below take their shortcuts only with `single`.
   */
  writers: Writers
  /** Turns uploaded documents of any accepted format into PDFs (bounded LibreOffice pool, see documents/conversion/). */
  documentConverter: DocumentConverter
  /** Parsed templates for template reads and envelope creates (see templates/cache.ts). */
  templateCache: TemplateCache
  /** Where anchor tabs land in stored documents, for the signing page (see documents/pdf-text/placement-cache.ts). */
  anchorPlacements: AnchorPlacementCache
  /** Counts REST calls for the rate limits (see `createCallCounter`); closed before the database. */
  callCounter: CallCounter
  /** Background work shared by every process on the database: sweeps, pruning, later the outbox. */
  jobs: JobRunner
  /** The seal that signs completed envelopes, loaded (or created, in development) on first use. */
  seal: () => Promise<Seal>
  /** Tells the outbox jobs that rows of these topics were committed, so they run now instead of at their next poll. */
  wakeOutbox: (topics: readonly string[]) => void
  /** Runs the workflow job now: a transition left a conditional recipient rule to evaluate (lifecycle/service.ts). */
  wakeWorkflow: () => void
  /** The service's public origin, e.g. `https://localhost:8443`. */
  publicUrl: string
  /** Origin of the signing links people open in a browser: `SIGNING_URL`, else `publicUrl`. */
  signingOrigin: string
  /** Injectable clock (epoch ms) so tests can move time. */
  now: () => number
  /**
   * Strictly increasing ids in this process (ids.ts `sequentialIds`): Connect deliveries and logs, which
   * are sent and listed in id order, whether the fan-out, the sender or a retry made them.
   */
  sequentialId: (now: number) => string
}
