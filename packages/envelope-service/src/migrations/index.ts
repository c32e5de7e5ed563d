import type { MigrationSet } from 'platform'
import { identityMigration } from './0001_identity.js'
import { templatesMigration } from './0002_templates.js'
import { envelopesMigration } from './0003_envelopes.js'
import { connectMigration } from './0004_connect.js'
import { rateLimitsMigration } from './0005_rate_limits.js'
import { blobRetentionMigration } from './0006_blob_retention.js'

/** Every migration of the service, in order. Each domain owns its file. */
export const migrations: MigrationSet = (dialect) => ({
  '0001_identity': identityMigration(dialect),
  '0002_templates': templatesMigration(dialect),
  '0003_envelopes': envelopesMigration(dialect),
  '0004_connect': connectMigration(dialect),
  '0005_rate_limits': rateLimitsMigration(dialect),
  '0006_blob_retention': blobRetentionMigration(dialect),
})
