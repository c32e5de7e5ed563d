import type { MigrationSet } from 'platform'
import { identityMigration } from './0001_identity.js'

/** Every migration of the service, in order. Each domain adds its own file here. */
export const migrations: MigrationSet = (dialect) => ({
  '0001_identity': identityMigration(dialect),
})
